import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link as RouterLink } from "react-router";
import { CopyButton } from "../../components/CopyButton.tsx";
import { ModeBadge } from "../../components/ModeBadge.tsx";
import { Money } from "../../components/Money.tsx";
import { Icon, Skeleton, TitledIcon } from "../../layouts/frame/parts.tsx";
import { errorMessage } from "../../lib/api.ts";
import { useMemberBalances } from "../../lib/balances.ts";
import { useMember } from "../../lib/member.tsx";
import { paths } from "../../lib/paths.ts";
import { ActiveInvestmentsCard } from "../investment/index.ts";
import { MarketOverview } from "../market/index.ts";
import { OpenTradesCard } from "../trade/index.ts";
import { RecentTransactions } from "../wallet/index.ts";
import styles from "./dashboard.module.css";

const BALANCES = [
  { key: "wallet", label: msg`Wallet` },
  { key: "demo", label: msg`Demo` },
  { key: "profit", label: msg`Profit` },
  { key: "bonus", label: msg`Bonus` },
] as const;

/**
 * The member's balances in their currency, live (the `balances` message updates the cache). Each
 * figure's line keeps its height while it loads, so nothing below moves when the data arrives.
 */
function BalancesCard() {
  const { i18n } = useLingui();
  const balances = useMemberBalances();
  return (
    <section className={`${styles.card} ${styles.balancesCard}`} aria-labelledby="balances-heading">
      <h2 id="balances-heading" className={`${styles.h2} ${styles.h2Gap}`}>
        <Trans>Balances</Trans>
      </h2>
      {balances.isError ? (
        <div role="alert" className={styles.error}>
          {errorMessage(balances.error)}
        </div>
      ) : (
        <dl className={styles.details}>
          {BALANCES.map((b) => (
            <div key={b.key}>
              <dt>{i18n._(b.label)}</dt>
              <dd>{balances.data ? <Money microcents={balances.data[b.key]} /> : <Skeleton width="80%" />}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className={styles.links}>
        <RouterLink className={styles.link} to={paths.addBalance}>
          <Trans>Add Balance</Trans>
        </RouterLink>
        <RouterLink className={styles.link} to={paths.withdrawal}>
          <Trans>Withdraw</Trans>
        </RouterLink>
        <RouterLink className={styles.link} to={paths.wallet}>
          <Trans>History</Trans>
        </RouterLink>
      </div>
    </section>
  );
}

interface Step {
  /** Undefined for steps without a done state. */
  done?: boolean;
  to: string;
  label: MessageDescriptor;
  detail: MessageDescriptor;
}

/** `/`: greeting, mode, balances, markets, open trades, active investments, recent transactions, getting started, referral link. */
export function DashboardPage() {
  const { i18n, t } = useLingui();
  const member = useMember();
  const firstName = member.firstName;
  const referral = `${window.location.origin}/register/${encodeURIComponent(member.referralCode)}`;
  const steps: Step[] = [
    {
      to: paths.profile,
      label: msg`Review your profile`,
      detail: msg`Your name, display currency and referral code.`,
    },
    {
      done: Boolean(member.photoURL),
      to: paths.updateProfile,
      label: msg`Add a profile photo`,
      detail: msg`So support recognises you.`,
    },
    {
      done: member.twoFactorEnabled,
      to: paths.security,
      label: msg`Turn on two-factor authentication`,
      detail: msg`Protect your account with a code from an authenticator app.`,
    },
  ];

  return (
    <div>
      <div className={styles.header}>
        <div>
          <h1 className={styles.h1}>{t`Hello, ${firstName}`}</h1>
          <div className={styles.subtitle}>
            <span className={styles.mode}>
              <Trans>Mode:</Trans> <ModeBadge userTrading={member.userTrading} />
              {member.userTrading ? t`You trade with real money.` : t`You practise with demo money.`}
            </span>
          </div>
        </div>
      </div>
      <BalancesCard />
      <div className={styles.marketsSlot}>
        <MarketOverview />
      </div>
      <div className={styles.grid}>
        <div className={styles.column}>
          <OpenTradesCard />
          <ActiveInvestmentsCard />
          <RecentTransactions />
        </div>
        <div className={styles.column}>
          <div className={styles.card}>
            <h2 className={styles.h2}>
              <Trans>Getting started</Trans>
            </h2>
            <ul className={styles.steps}>
              {steps.map((step) => (
                <li key={step.to}>
                  <span className={styles.stepIcon}>
                    {step.done === undefined ? (
                      <Icon name="ChevronRight" />
                    ) : step.done ? (
                      <TitledIcon name="CheckCircle" title={t`Done`} className={styles.done} />
                    ) : (
                      <TitledIcon name="RadioButtonUnchecked" title={t`To do`} />
                    )}
                  </span>
                  <span className={styles.stepText}>
                    <RouterLink className={styles.link} to={step.to}>
                      {i18n._(step.label)}
                    </RouterLink>
                    <span className={styles.stepDetail}>{i18n._(step.detail)}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <div className={styles.card}>
            <h2 className={styles.h2}>
              <Trans>Invite friends</Trans>
            </h2>
            <p className={styles.inviteLead}>
              <Trans>Your referral link:</Trans>
            </p>
            <div className={styles.invite}>
              <p className={styles.referral}>{referral}</p>
              <CopyButton value={referral} label={t`Copy referral link`} />
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
