import type { WsInvestmentAccrued } from "@helio/shared";

/** What one investment credited within a toast's group. */
export type GroupedCredit = { investmentId: string; amountCents: number; capitalReturnedCents: number };

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
    amountCents: message.amountCents,
    capitalReturnedCents: message.capitalReturnedCents,
  };
  if (!group) return { id: nextId, credits: [credit], last: message };
  const known = group.credits.some((c) => c.investmentId === message.investmentId);
  const credits = known
    ? group.credits.map((c) =>
        c.investmentId === message.investmentId
          ? {
              ...c,
              amountCents: c.amountCents + message.amountCents,
              capitalReturnedCents: c.capitalReturnedCents + message.capitalReturnedCents,
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
    amountCents: group.credits.reduce((sum, c) => sum + c.amountCents, 0),
    capitalReturnedCents: group.credits.reduce((sum, c) => sum + c.capitalReturnedCents, 0),
  };
}
