import Chip from "@mui/material/Chip";
import { statusOf } from "./api.ts";

export function MemberStatusChip({ member }: { member: { userBlock: boolean; userStatus: string } }) {
  const status = statusOf(member);
  const color =
    status === "Active" ? "success" : status === "Blocked" ? "warning" : status === "Closed" ? "default" : "error";
  return <Chip label={status} size="small" color={color} variant="outlined" />;
}
