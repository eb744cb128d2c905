import {
  API,
  API_PATTERNS,
  adminChatDetailSchema,
  adminChatParamsSchema,
  adminChatsQuerySchema,
  adminChatsResponseSchema,
  adminMemberChatParamsSchema,
  adminMemberChatSchema,
  CHAT_IMAGE_MAX_BYTES,
  chatImageParamsSchema,
  chatImageUploadResponseSchema,
  chatMessageSchema,
  chatMessagesQuerySchema,
  chatMessagesResponseSchema,
  chatReadResponseSchema,
  chatSchema,
  chatUnreadSchema,
  sendChatMessageSchema,
  staffMay,
} from "@helio/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentOf, requireMember } from "../../platform/auth/session.ts";
import { readStaffStanding } from "../../platform/auth/staff.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import { routeOptions, staffRouteOptions } from "../../platform/http/route-options.ts";
import type { Services } from "../../services.ts";
import { createChatService } from "./service.ts";
import { supportFormRoutes } from "./support-form.ts";

/** Reads the one multipart file of an image upload as bytes; 413 over 5 MB. */
async function uploadedBytes(request: FastifyRequest): Promise<Buffer> {
  const missing = () =>
    new AppError(400, "VALIDATION_FAILED", "file: attach an image", [{ field: "file", message: "Attach an image" }]);
  if (!request.isMultipart()) throw missing();
  const file = await request.file({ limits: { fileSize: CHAT_IMAGE_MAX_BYTES, files: 1 } });
  if (!file) throw missing();
  return file.toBuffer().catch((error: { code?: string }) => {
    if (error.code === "FST_REQ_FILE_TOO_LARGE")
      throw new AppError(413, "PAYLOAD_TOO_LARGE", "The image is larger than 5 MB.");
    throw error;
  });
}

/**
 * The live support chat: a member's chat with the support account (`/api/chat…`) and the
 * support inbox for admins (`/api/admin/chats…`, 404 for everyone else). Messages, typing and
 * read state are pushed over /api/ws.
 */
export async function chatRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { auth, config, realtime } = services;
  const chat = createChatService(services);
  supportFormRoutes(app, services, chat);
  const member = requireMember(auth);
  // The support side answers from the inbox; the member routes are for members only.
  const memberOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    await member(request, reply);
    if (currentOf(request).user.role === "admin") throw notFound("Support answers from the inbox.");
  };
  // The guards run on the request, before any body is read: an upload from the wrong person is
  // refused before its bytes are.
  const asChatMember = routeOptions({ tags: ["chat"], session: "required", onRequest: memberOnly });
  const asImageReader = routeOptions({ tags: ["chat"], session: "required", onRequest: member });
  // The inbox's roles are checked on the request too, before any body is read.
  const asSupport = staffRouteOptions({ auth, db: services.db, config }, ["admin", "chat"]);
  /** Per signed-in user (not per address), shared by every instance through Redis when configured. */
  const perUser = (groupId: string) => ({
    hook: "preHandler" as const,
    groupId,
    max: config.chatRateLimit,
    timeWindow: 10_000,
    keyGenerator: (request: FastifyRequest) => request.current?.user.id ?? request.ip,
  });

  realtime.onClientMessage("chat.typing", (sender, message) => chat.typing(sender, message.chatId, message.typing));

  // `chat.send` over the socket: the same limit as the POST routes (per user, `chatRateLimit` a
  // 10 s window, kept in Redis when configured so every instance counts against one limit).
  const socketLimit = app.createRateLimit({
    max: config.chatRateLimit,
    timeWindow: 10_000,
    keyGenerator: (request) => `ws-chat-send:${(request as unknown as { uid: string }).uid}`,
  });
  const allowed = (uid: string): Promise<boolean> => {
    const fake = { uid, routeOptions: { config: {} } } as unknown as FastifyRequest;
    return socketLimit(fake).then((outcome) => outcome.isAllowed || !outcome.isExceeded);
  };
  // Redis counts each check atomically (one INCR script), so checks run side by side. The
  // in-process store hands every check of a key the same counter object, read after an await,
  // so concurrent checks of one user would all see the latest count: there they run in turn.
  const limitTails = new Map<string, Promise<unknown>>();
  const allowInTurn = (uid: string): Promise<boolean> => {
    const run = (limitTails.get(uid) ?? Promise.resolve()).then(() => allowed(uid));
    const tail = run.catch(() => undefined);
    limitTails.set(uid, tail);
    void tail.then(() => {
      if (limitTails.get(uid) === tail) limitTails.delete(uid);
    });
    return run;
  };
  const allowSend = config.redisUrl ? allowed : allowInTurn;
  realtime.onClientMessage("chat.send", async (sender, message) => {
    // Over the socket as over HTTP, only the roles that answer the inbox answer as support.
    const standing = sender.role === "admin" ? await readStaffStanding(services.db, sender.uid) : null;
    if (sender.role === "admin" && (!standing || standing.disabled || !staffMay(standing.roles, "chatAnswer"))) {
      await realtime.toUser(sender.uid, {
        type: "chat.ack",
        id: message.id,
        ok: false,
        error: { code: "STAFF_ROLE_REQUIRED", message: "Answering members needs the Owner or Support role." },
      });
      return;
    }
    await chat.sendFromSocket(sender, message, allowSend);
  });

  // Member side.
  r.get(
    API.chat,
    asChatMember({
      summary: "The member's chat with support (created with both index entries on first load)",
      response: { 200: chatSchema },
    }),
    async (request) => chat.view(await chat.memberChat(currentOf(request).user.id), "member"),
  );

  r.get(
    API.chatUnread,
    asChatMember({
      summary: "Unread messages from support (for the chat button)",
      response: { 200: chatUnreadSchema },
    }),
    async (request) => ({ unread: await chat.unread(currentOf(request).user.id) }),
  );

  r.get(
    API.chatMessages,
    asChatMember({
      summary: "Messages, newest page first; `before` pages back",
      querystring: chatMessagesQuerySchema,
      response: { 200: chatMessagesResponseSchema },
    }),
    async (request) => chat.messages(await chat.memberChat(currentOf(request).user.id), request.query),
  );

  r.post(
    API.chatMessages,
    asChatMember(
      {
        summary: "Send a message (text and/or an uploaded image); a repeated id returns the stored message",
        body: sendChatMessageSchema,
        response: { 200: chatMessageSchema, 201: chatMessageSchema },
      },
      { config: { rateLimit: perUser("chat-send") } },
    ),
    async (request, reply) => {
      const uid = currentOf(request).user.id;
      const sent = await chat.send(await chat.memberChat(uid), { uid, side: "member" }, request.body);
      return reply.code(sent.replayed ? 200 : 201).send(sent.message);
    },
  );

  r.post(
    API.chatRead,
    asChatMember({ summary: "Mark the chat read", response: { 200: chatReadResponseSchema } }),
    async (request) => chat.read(await chat.memberChat(currentOf(request).user.id), "member"),
  );

  r.post(
    API.chatImages,
    asChatMember(
      {
        summary: "Upload an image for the next message (JPEG, PNG, WebP or GIF, at most 5 MB; multipart field `file`)",
        consumes: ["multipart/form-data"],
        response: { 201: chatImageUploadResponseSchema },
      },
      { config: { rateLimit: perUser("chat-image") } },
    ),
    async (request, reply) => {
      const uid = currentOf(request).user.id;
      const ref = await chat.memberChat(uid);
      return reply.code(201).send(await chat.uploadImage(ref, uid, await uploadedBytes(request)));
    },
  );

  r.get(
    API_PATTERNS.chatImage,
    asImageReader({
      summary: "A chat image: only for the chat's member and support (404 for anyone else)",
      params: chatImageParamsSchema,
    }),
    async (request, reply) => {
      const { user } = currentOf(request);
      const image = await chat.readImage(request.params.name, { uid: user.id, role: user.role });
      return reply
        .type(image.mime)
        .header("cache-control", "private, max-age=86400, immutable")
        .header("content-disposition", "inline")
        .send(image.data);
    },
  );

  // Support inbox.
  r.get(
    API.adminChats,
    asSupport({
      access: "chatRead",
      summary: "Every member chat, newest first, with unread counts; search by member",
      querystring: adminChatsQuerySchema,
      response: { 200: adminChatsResponseSchema },
    }),
    async (request) => ({ ...(await chat.inbox(request.query)) }),
  );

  r.get(
    API_PATTERNS.adminMemberChat,
    asSupport({
      access: "chatRead",
      summary: "The chat id of a member (the chat is created with both index entries when missing)",
      params: adminMemberChatParamsSchema,
      response: { 200: adminMemberChatSchema },
    }),
    async (request) => ({ chatId: (await chat.memberChat(request.params.uid)).id }),
  );

  r.get(
    API_PATTERNS.adminChat,
    asSupport({
      access: "chatRead",
      summary: "One chat with the member's summary",
      params: adminChatParamsSchema,
      response: { 200: adminChatDetailSchema },
    }),
    async (request) => chat.adminDetail(await chat.adminChat(request.params.chatId)),
  );

  r.get(
    API_PATTERNS.adminChatMessages,
    asSupport({
      access: "chatRead",
      summary: "Messages of a chat, newest page first; `before` pages back",
      params: adminChatParamsSchema,
      querystring: chatMessagesQuerySchema,
      response: { 200: chatMessagesResponseSchema },
    }),
    async (request) => chat.messages(await chat.adminChat(request.params.chatId), request.query),
  );

  r.post(
    API_PATTERNS.adminChatMessages,
    asSupport(
      {
        access: "chatAnswer",
        summary: "Answer as support",
        params: adminChatParamsSchema,
        body: sendChatMessageSchema,
        response: { 200: chatMessageSchema, 201: chatMessageSchema },
      },
      { config: { rateLimit: perUser("chat-send") } },
    ),
    async (request, reply) => {
      const ref = await chat.adminChat(request.params.chatId);
      const sent = await chat.send(ref, { uid: currentOf(request).user.id, side: "support" }, request.body);
      return reply.code(sent.replayed ? 200 : 201).send(sent.message);
    },
  );

  r.post(
    API_PATTERNS.adminChatRead,
    asSupport({
      access: "chatAnswer",
      summary: "Mark the chat read on the support side",
      params: adminChatParamsSchema,
      response: { 200: chatReadResponseSchema },
    }),
    async (request) => chat.read(await chat.adminChat(request.params.chatId), "support"),
  );

  r.post(
    API_PATTERNS.adminChatImages,
    asSupport(
      {
        access: "chatAnswer",
        summary: "Upload an image for support's next message (multipart field `file`)",
        params: adminChatParamsSchema,
        consumes: ["multipart/form-data"],
        response: { 201: chatImageUploadResponseSchema },
      },
      { config: { rateLimit: perUser("chat-image") } },
    ),
    async (request, reply) => {
      const ref = await chat.adminChat(request.params.chatId);
      const uploaded = await chat.uploadImage(ref, currentOf(request).user.id, await uploadedBytes(request));
      return reply.code(201).send(uploaded);
    },
  );
}
