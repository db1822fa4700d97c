import { ConflictError, NotFoundError, BadRequestError } from '../../platform/http/index';
import { text } from '../../platform/i18n/index';

export const MESSAGES = {
  conversationNotFound: text('会话不存在或已失效，请重新发起咨询', 'No such conversation; start a new one', '會話不存在或已失效，請重新發起諮詢'),
  closed: text('会话已结束，请重新发起咨询', 'The conversation has ended; start a new one', '會話已結束，請重新發起諮詢'),
  sameDepartment: text('会话已在该部门（department）', 'The conversation is already with that department (department)', '會話已在該部門（department）'),
  cannedNotFound: text('快捷回复不存在', 'No such canned reply', '快捷回覆不存在'),
  ticketNotFound: text('留言不存在', 'No such message', '留言不存在'),
  ticketAnswered: text('该留言已回复', 'That message has been answered already', '該留言已回覆'),
  imageRequired: text('请选择一张图片（file）', 'Choose an image (file)', '請選擇一張圖片（file）'),
  notAnImage: text('图片格式不支持或文件过大（file）', 'The image type is not supported or the file is too large (file)', '圖片格式不支援或檔案過大（file）'),
  fieldsRequired: text('请填写会话编号和令牌（conversationId、token）', 'Give the conversation id and token (conversationId, token)', '請填寫會話編號和權杖（conversationId、token）'),
} as const;

export const conversationNotFound = () => new NotFoundError(MESSAGES.conversationNotFound);
export const conversationClosed = () => new ConflictError(MESSAGES.closed);
export const imageRequired = () => new BadRequestError(MESSAGES.imageRequired);
