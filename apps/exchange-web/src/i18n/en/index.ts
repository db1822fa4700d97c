import type { Messages } from '../cn';
import common from './common.json';

export const en: Messages = common;
