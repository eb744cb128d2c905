import {
  API,
  API_PATTERNS,
  staffInviteSchema,
  staffListSchema,
  staffMemberSchema,
  staffMeSchema,
  staffRolesUpdateSchema,
  staffStatusUpdateSchema,
} from "@helio/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { adminActorOf, currentOf } from "../../platform/auth/session.ts";
import { staffRolesOf } from "../../platform/auth/staff.ts";
import { memberUidParams, staffRouteOptions } from "../../platform/http/route-options.ts";
import type { Services } from "../../services.ts";
import { changeStaffRoles, inviteStaff, listStaff, setStaffDisabled } from "./service.ts";

/** The back office's people: who holds which roles; owners invite, change roles and disable. */
export async function staffRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const asStaff = staffRouteOptions(services, ["admin", "staff"]);

  r.get(
    API.adminStaffMe,
    asStaff({ access: "backOffice", summary: "The signed-in staff member's roles", response: { 200: staffMeSchema } }),
    async (request) => ({ roles: staffRolesOf(request) }),
  );

  r.get(
    API.adminStaff,
    asStaff({ access: "staffRead", summary: "Every staff account with its roles", response: { 200: staffListSchema } }),
    async () => listStaff(services),
  );

  r.post(
    API.adminStaffInvitations,
    asStaff({
      access: "staffManage",
      summary: "Invite someone by mail with roles: the link lets them choose a password (audited)",
      body: staffInviteSchema,
      response: { 201: staffMemberSchema },
    }),
    async (request, reply) => {
      const actor = { ...adminActorOf(request), name: currentOf(request).user.name };
      return reply.status(201).send(await inviteStaff(services, actor, request.body));
    },
  );

  r.put(
    API_PATTERNS.adminStaffRoles,
    asStaff({
      access: "staffManage",
      summary: "Replace a staff member's roles (audited); one active owner always remains",
      params: memberUidParams,
      body: staffRolesUpdateSchema,
      response: { 200: staffMemberSchema },
    }),
    async (request) => changeStaffRoles(services, adminActorOf(request), request.params.uid, request.body.roles),
  );

  r.put(
    API_PATTERNS.adminStaffStatus,
    asStaff({
      access: "staffManage",
      summary: "Disable (ends their sessions) or enable a staff account (audited)",
      params: memberUidParams,
      body: staffStatusUpdateSchema,
      response: { 200: staffMemberSchema },
    }),
    async (request) => setStaffDisabled(services, adminActorOf(request), request.params.uid, request.body.disabled),
  );
}
