// The shared modules whose schemas the screens drawn without zod read through `lazySchema`: the
// member, the balances, the dashboard's cards and the live socket. Loaded as one chunk beside the
// first requests; the back office's, the statement's and the other MUI screens' schemas come with
// those screens (docs/decisions/0018-the-signed-in-chunk.md).
export * from "@helio/shared/chat";
export * from "@helio/shared/deposits";
export * from "@helio/shared/investments";
export * from "@helio/shared/market";
export * from "@helio/shared/member";
export * from "@helio/shared/notifications";
export * from "@helio/shared/protection";
export * from "@helio/shared/settings";
export * from "@helio/shared/trading";
export * from "@helio/shared/wallet";
export * from "@helio/shared/withdrawals";
export * from "@helio/shared/ws";
