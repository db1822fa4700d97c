import type { realNameCn } from './realname.cn';

export const realNameEn: typeof realNameCn = {
  menu: 'Real-name verification',
  title: 'Real-name verification',
  intro: 'Personal firms list, pick, post purchase requests and bargain only after real-name verification; contracts are signed in your real name with your ID number.',
  name: 'Real name',
  idNumber: 'Resident ID number',
  submit: 'Verify',
  done: 'Real-name verification is done',
  verified: 'Verified',
  rules: {
    nameLength: '{{label}} must be {{min}}–{{max}} characters long',
    format: '{{label}} must have 18 characters, the last a digit or X',
    checkDigit: 'The check character of the {{label}} is wrong; check it and enter it again',
    birthDate: 'The birth date in the {{label}} is not valid',
  },
  prompt: {
    title: 'Please complete real-name verification first',
    description: 'Personal firms trade once their real name is verified; contracts state your real name and ID number.',
    action: 'Verify my real name',
  },
};
