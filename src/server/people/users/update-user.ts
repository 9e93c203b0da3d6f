import { eq } from "drizzle-orm";
import {
  DEPARTMENT_NOT_IN_GROUP,
  NO_USER_CHANGES,
  type UpdateAdminUserInput,
  USER_NOT_FOUND,
} from "../../../shared/admin-users";
import type { ParticipationStatus } from "../../../shared/enums";
import { isoDateOf } from "../../../shared/participation";
import type { NamedPerson } from "../../activity/people-line";
import type { AppContext } from "../../context";
import { type UserRow, users } from "../../db/schema";
import { departmentsOfEmail } from "../../directory/departments/department-lists";
import { BadRequest, NotFound } from "../../errors";
import {
  type ParticipationAction,
  type ParticipationFields,
  participationFields,
  storeParticipation,
} from "../../profile/update-participation";
import { managerChange } from "./manager";
import { checkUserId } from "./user-id";

/** An admin's pause is the employee's shorter one: a month from today. */
const ADMIN_PAUSE: ParticipationAction = { kind: "pause", months: 1 };

const actionFor: Record<ParticipationStatus, ParticipationAction> = {
  active: { kind: "reactivate" },
  paused: ADMIN_PAUSE,
  opted_out: { kind: "opt_out" },
};

/**
 * An admin sets a person's participation status and/or department. Statuses are stored with the
 * dates the employee's own actions store (see profile/update-participation.ts); a department must
 * be one of the person's group's departments. Only fields that differ count as a change. One
 * UPDATE: two admins saving the same person at once both succeed, the later write wins.
 */
export async function updateUser(
  ctx: AppContext,
  id: string,
  input: UpdateAdminUserInput,
  by: NamedPerson,
): Promise<UserRow> {
  checkUserId(id);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id));
  if (!user) throw new NotFound(USER_NOT_FOUND);

  const changes: Partial<ParticipationFields> & {
    department?: string;
    managerId?: string | null;
  } = {};
  if (input.participationStatus && input.participationStatus !== user.participationStatus) {
    Object.assign(
      changes,
      participationFields(actionFor[input.participationStatus], isoDateOf(ctx.clock.now())),
    );
  }
  if (input.department !== undefined && input.department !== user.department) {
    const choices = await departmentsOfEmail(ctx.db, user.email);
    if (!choices.some((choice) => choice.name === input.department)) {
      throw new BadRequest(DEPARTMENT_NOT_IN_GROUP, "invalid_department");
    }
    changes.department = input.department;
  }
  if (input.managerEmail !== undefined) {
    const managerId = await managerChange(ctx.db, input.managerEmail, user.id);
    if (managerId !== user.managerId) changes.managerId = managerId;
  }
  if (Object.keys(changes).length === 0) throw new BadRequest(NO_USER_CHANGES, "no_changes");

  const status = changes.participationStatus;
  return storeParticipation(ctx, id, changes, { kind: status ? actionFor[status].kind : null, by });
}
