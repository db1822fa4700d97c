/** How the session's verification codes read: '0' not verified, '1' verified (real name) or under review, '2' passed, '3' failed (senior). */
export type VerificationState = 'unverified' | 'underReview' | 'verified' | 'failed';

export function realNameState(userCerStatus: string | undefined): VerificationState {
  return userCerStatus === '1' || userCerStatus === '2' ? 'verified' : 'unverified';
}

export function seniorState(highCerStatus: string | undefined): VerificationState {
  switch (highCerStatus) {
    case '1':
      return 'underReview';
    case '2':
      return 'verified';
    case '3':
      return 'failed';
    default:
      return 'unverified';
  }
}
