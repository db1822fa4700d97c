import type { Language } from '@tp/contract';
import { NotFoundError, stateError } from '../../platform/http/index';
import { text, type LocalizedText } from '../../platform/i18n/index';
import { PictureRefusedError } from '../../platform/uploads/index';

export const STATUS_NAMES: Record<string, LocalizedText> = {
  W: text('待审核', 'pending', '待審核'),
  U: text('已撤销', 'revoked', '已撤銷'),
  T: text('已通过', 'approved', '已通過'),
  F: text('已驳回', 'rejected', '已駁回'),
  D: text('已强制下架', 'forced off the shelf', '已強制下架'),
};

export const ACTIONS = {
  edit: text('修改并重新提交', 'edit and resubmit it', '修改並重新提交'),
  undo: text('撤销', 'revoke it', '撤銷'),
  top: text('置顶', 'pin it to the top', '置頂'),
  untop: text('取消置顶', 'unpin it', '取消置頂'),
  audit: text('审核', 'audit it', '審核'),
  offShelf: text('强制下架', 'force it off the shelf', '強制下架'),
} as const;

export const MESSAGES = {
  noteNotFound: text('供求信息不存在', 'No such supply or demand note', '供求資訊不存在'),
  badCommodity: text('品种不存在', 'No such commodity type', '品種不存在'),
} as const;

const NOTE_STATE = text('供求信息当前状态为“{status}”，不能{action}', 'The note is {status}; you cannot {action}', '供求資訊當前狀態為「{status}」，不能{action}');

/** A transition the note's state does not allow; the message names the current state and the refused action. */
export class NoteStateError extends stateError(NOTE_STATE, STATUS_NAMES) {}

const IMAGE_LABEL = text('图片', 'Image', '圖片');

/** The note's picture was refused (422 naming the field `img`); the message is fixed in the caller's language. */
export class ImageRefusedError extends PictureRefusedError {
  constructor(lang: Language, maxMb: number) {
    super('img', IMAGE_LABEL, lang, maxMb);
  }
}

export const notFound = () => new NotFoundError(MESSAGES.noteNotFound);
