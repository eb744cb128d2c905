/** The chat's cache keys: the member's chat, its messages, the support inbox and its chats. */
export const chatKeys = {
  all: ["chat"] as const,
  unread: ["chat", "unread"] as const,
  member: ["chat", "member"] as const,
  messages: (scope: { kind: "member" } | { kind: "admin"; chatId: string }) =>
    ["chat", "messages", scope.kind === "member" ? "member" : scope.chatId] as const,
  /** Every list of the support inbox (one per search). */
  inbox: ["chat", "inbox"] as const,
  inboxSearch: (search: string) => ["chat", "inbox", search] as const,
  adminChat: (chatId: string) => ["chat", "admin", chatId] as const,
};
