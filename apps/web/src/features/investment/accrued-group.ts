import type { WsInvestmentAccrued } from "@helio/shared";

/** What one investment credited within a toast's group. */
export type GroupedCredit = { investmentId: string; amountMicrocents: bigint; capitalReturnedMicrocents: bigint };

/**
 * The accruals one toast tells of: the messages of a burst (a worker's pass credits many
 * investments at once, a catch-up many periods) gathered into one, per investment.
 */
export type AccrualGroup = {
  /** Tells one toast from the next. */
  id: number;
  credits: GroupedCredit[];
  /** The latest message, for the words of a group of one investment. */
  last: WsInvestmentAccrued;
};

/** `group` with `message` added: into the open group (the same investment summed), or a new one. */
export function addAccrual(group: AccrualGroup | null, message: WsInvestmentAccrued, nextId: number): AccrualGroup {
  const credit = {
    investmentId: message.investmentId,
    amountMicrocents: message.amountMicrocents,
    capitalReturnedMicrocents: message.capitalReturnedMicrocents,
  };
  if (!group) return { id: nextId, credits: [credit], last: message };
  const known = group.credits.some((c) => c.investmentId === message.investmentId);
  const credits = known
    ? group.credits.map((c) =>
        c.investmentId === message.investmentId
          ? {
              ...c,
              amountMicrocents: c.amountMicrocents + message.amountMicrocents,
              capitalReturnedMicrocents: c.capitalReturnedMicrocents + message.capitalReturnedMicrocents,
            }
          : c,
      )
    : [...group.credits, credit];
  return { id: group.id, credits, last: message };
}

/** A group's sums: how many investments, the profit and the capital returned. */
export function groupTotals(group: AccrualGroup) {
  return {
    investments: group.credits.length,
    amountMicrocents: group.credits.reduce((sum, c) => sum + c.amountMicrocents, 0n),
    capitalReturnedMicrocents: group.credits.reduce((sum, c) => sum + c.capitalReturnedMicrocents, 0n),
  };
}
