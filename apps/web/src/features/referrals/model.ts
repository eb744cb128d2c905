/** The registration link that carries a member's referral code. */
export function referralLink(code: string, origin: string = window.location.origin): string {
  return `${origin}/register/${encodeURIComponent(code)}`;
}
