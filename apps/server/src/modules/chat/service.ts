import { createChatAttachments } from "./attachments.ts";
import { createAdminInbox } from "./inbox.ts";
import { type ChatDeps, createChatParties } from "./parties.ts";
import { createChatSending } from "./sending.ts";
import { createThreadReading } from "./threads.ts";
import { createTypingRelay } from "./typing.ts";

export type ChatService = ReturnType<typeof createChatService>;

export function createChatService(deps: ChatDeps) {
  const parties = createChatParties(deps);
  const threads = createThreadReading(deps, parties);
  const sending = createChatSending(deps, parties);
  const attachments = createChatAttachments(deps);
  const { typing } = createTypingRelay(deps, parties);
  const { inbox, adminDetail } = createAdminInbox(deps, parties, threads);
  return {
    supportId: parties.supportId,
    memberChat: parties.memberChat,
    adminChat: parties.adminChat,
    view: threads.view,
    messages: threads.messages,
    send: sending.send,
    sendFromSocket: sending.sendFromSocket,
    read: threads.read,
    uploadImage: attachments.uploadImage,
    readImage: attachments.readImage,
    typing,
    inbox,
    adminDetail,
    unread: threads.unread,
  };
}
