import type { AdminChatDetail, AdminChatListItem } from "@helio/shared";
import { notFound } from "../../platform/http/errors.ts";
import { kycStatusOf } from "../kyc/index.ts";
import { getMemberBalances } from "../ledger/index.ts";
import type { ChatDeps, ChatParties, ChatRef } from "./parties.ts";
import { findMemberSummary, listInbox } from "./queries.ts";
import type { ThreadReading } from "./threads.ts";

export function createAdminInbox({ db }: ChatDeps, { supportId }: ChatParties, { view }: ThreadReading) {
  async function inbox(query: { search?: string | undefined; page: number; pageSize: number }) {
    const { rows, total, unreadTotal } = await listInbox(db, await supportId(), query);
    const items: AdminChatListItem[] = rows.map((r) => ({
      chatId: r.chatId,
      member: { uid: r.uid, fullName: r.fullName, userName: r.userName ?? "", photoURL: r.photoURL },
      lastMessage: r.lastMessageText === null ? null : { text: r.lastMessageText, hasImage: r.lastMessageHasImage },
      date: r.date.toISOString(),
      unread: r.unread,
    }));
    return { items, total, unreadTotal };
  }

  async function adminDetail(chat: ChatRef): Promise<AdminChatDetail> {
    const [chatView, member, balances, kycStatus] = await Promise.all([
      view(chat, "support"),
      findMemberSummary(db, chat.memberId),
      getMemberBalances(db, chat.memberId),
      kycStatusOf({ db }, chat.memberId),
    ]);
    if (!member) throw notFound("Chat not found");
    return {
      ...chatView,
      summary: {
        uid: member.uid,
        fullName: member.fullName,
        userName: member.userName ?? "",
        email: member.email,
        userTrading: member.userTrading,
        kycStatus,
        walletMicrocents: balances.wallet,
      },
    };
  }

  return { inbox, adminDetail };
}
