/** What other features and the shell may use of the chat: the button, the inbox badge, a member's chat id. */
export { memberChatIdFor, useInboxUnread } from "./api.ts";
export { ChatButton, useChatButtonShown } from "./ChatButton.tsx";
