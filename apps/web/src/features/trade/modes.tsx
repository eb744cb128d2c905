import type { TradingMode } from "@helio/shared";
import { useLingui } from "@lingui/react/macro";
import { ModeBadge } from "../../components/ModeBadge.tsx";
import { useMember } from "../../lib/member.tsx";
import type { ContractColumn } from "./ContractTable.tsx";

/** The mode the member trades in now: the default of every list of contracts. */
export function useCurrentMode(): TradingMode {
  return useMember().userTrading ? "real" : "practice";
}

/** A contract's mode as the top bar names it: Real (the wallet) or Free (practice money). */
export function ContractModeBadge({ account }: { account: "wallet" | "demo" }) {
  return <ModeBadge userTrading={account === "wallet"} />;
}

/** The column naming each contract's mode. */
export function useModeColumn<T extends { account: "wallet" | "demo" }>(): ContractColumn<T> {
  const { t } = useLingui();
  return { header: t`Mode`, render: (c) => <ContractModeBadge account={c.account} /> };
}
