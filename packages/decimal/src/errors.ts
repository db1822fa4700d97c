export type DecimalErrorCode =
  /** The input is not a plain decimal string. */
  | 'INVALID_FORMAT'
  /** A places/scale argument or an input of the wrong type. */
  | 'INVALID_ARGUMENT'
  | 'DIVISION_BY_ZERO'
  /** The value cannot be represented exactly at the requested scale. */
  | 'INEXACT'
  /** The value is outside what the requested format can express. */
  | 'OUT_OF_RANGE';

export class DecimalError extends Error {
  override readonly name = 'DecimalError';
  readonly code: DecimalErrorCode;

  constructor(code: DecimalErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
