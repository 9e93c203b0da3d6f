import type { AdminUser } from "@shared/admin-users";
import type { Department } from "@shared/departments";
import { type ParticipationStatus, participationStatuses } from "@shared/enums";
import { DEPARTMENT_NOT_SET } from "@shared/metric-figures";
import { noMatchLabels } from "@shared/no-match-reasons";
import { personName } from "@shared/person-name";
import { Button } from "../../../components/ui/button";
import { EmailAddress } from "../../../components/ui/email-address";
import { FieldError, Input } from "../../../components/ui/input";
import { Select } from "../../../components/ui/select";
import { cn } from "../../../lib/cn";
import { AccountButton, DeactivatedBadge } from "./account-action";
import { statusLabels, type UserDraft } from "./users-queries";

export type UserRowProps = {
  user: AdminUser;
  draft: UserDraft | undefined;
  changed: boolean;
  saving: boolean;
  /** The server's refusal of the manager's address this row last sent. */
  managerError: string | undefined;
  /** The department list of the person's group; undefined while it loads. */
  departments: Department[] | undefined;
  onDraft: (draft: UserDraft) => void;
  onSave: () => void;
  /** Asks to deactivate or reactivate the account. */
  onAccount: () => void;
};

const statusOptions = participationStatuses.map((value) => ({
  value,
  label: statusLabels[value],
}));

/**
 * The group's departments, and the person's own when the list lacks it. Only a loaded list can say
 * it lacks it: while the list loads, the person's department is shown as it is.
 */
function departmentOptions(
  departments: Department[] | undefined,
  current: string,
  user: AdminUser,
) {
  const options = (departments ?? []).map((d) => ({ value: d.name, label: d.displayName }));
  if (current && !options.some((o) => o.value === current)) {
    const name = current === user.department ? (user.departmentName ?? current) : current;
    const label = departments ? `${name} (not in this group's list)` : name;
    options.unshift({ value: current, label });
  }
  return options;
}

function ManagerField({ user, draft, onDraft, saving, managerError }: UserRowProps) {
  const errorId = `manager-error-${user.id}`;
  return (
    <div className="space-y-1">
      <Input
        type="email"
        aria-label={`Manager's e-mail for ${personName(user)}`}
        placeholder="No manager"
        value={
          draft?.managerEmail !== undefined ? (draft.managerEmail ?? "") : (user.managerEmail ?? "")
        }
        disabled={saving}
        aria-invalid={managerError ? true : undefined}
        aria-describedby={managerError ? errorId : undefined}
        onChange={(e) => onDraft({ ...draft, managerEmail: e.target.value })}
      />
      <FieldError id={errorId}>{managerError}</FieldError>
    </div>
  );
}

/**
 * Room for the longest department name of the list beside the select's arrow (`ch`: about one
 * character), so "Customer Success" is read whole; capped so the table still fits at 1024 px.
 */
function departmentWidth(options: Array<{ label: string }>) {
  const longest = Math.max(DEPARTMENT_NOT_SET.length, ...options.map((o) => o.label.length));
  return `min(calc(${longest}ch + 3.5rem), 15rem)`;
}

function fieldsOf(props: UserRowProps) {
  const { user, draft, departments, onDraft, saving } = props;
  const name = personName(user);
  const status = draft?.participationStatus ?? user.participationStatus;
  const department = draft?.department ?? user.department ?? "";
  const choices = departmentOptions(departments, department, user);
  return {
    departmentWidth: departmentWidth(choices),
    status: (
      <Select
        aria-label={`Status for ${name}`}
        value={status}
        options={statusOptions}
        disabled={saving}
        onChange={(e) =>
          onDraft({ ...draft, participationStatus: e.target.value as ParticipationStatus })
        }
      />
    ),
    department: (
      <Select
        aria-label={`Department for ${name}`}
        value={department}
        placeholder={department ? undefined : DEPARTMENT_NOT_SET}
        options={choices}
        disabled={saving}
        onChange={(e) => onDraft({ ...draft, department: e.target.value })}
      />
    ),
    manager: <ManagerField {...props} />,
  };
}

/** Filled only when the row has a change to save; unchanged, it stays quiet beside the others. */
function SaveButton({ user, saving, changed, onSave }: UserRowProps) {
  return (
    <Button size="sm" variant={changed ? "default" : "outline"} onClick={onSave} disabled={saving}>
      {saving ? "Saving..." : "Save"}
      <span className="sr-only"> {personName(user)}</span>
    </Button>
  );
}

/** The partners of the running round, or why the person has none (on leave, paused, sat out…). */
function CurrentMatch({ user }: { user: AdminUser }) {
  if (user.currentMatch) return <span>{user.currentMatch.match_name}</span>;
  const why = user.noMatchReason ? `: ${noMatchLabels[user.noMatchReason]}` : "";
  return <span className="text-coffee-600">No current match{why}</span>;
}

function UnsavedNote() {
  return <span className="text-xs font-semibold text-amber-800">Unsaved changes</span>;
}

/** One row of the wide table. */
export function UserTableRow(props: UserRowProps) {
  const { user, changed } = props;
  const fields = fieldsOf(props);
  return (
    <tr className={cn("border-t border-coffee-200 align-middle", changed && "bg-amber-50")}>
      <th scope="row" className="py-2 pr-3 text-left font-medium text-coffee-950">
        {personName(user)} <DeactivatedBadge user={user} />
        {changed && (
          <span className="block">
            <UnsavedNote />
          </span>
        )}
      </th>
      {/* Minimum widths, never fixed ones: the fields give way before an address breaks. */}
      <td className="py-2 pr-3 text-coffee-800">
        <span className="block min-w-56 wrap-anywhere">
          <EmailAddress email={user.email} />
        </span>
      </td>
      <td className="py-2 pr-3">
        <div className="min-w-30">{fields.status}</div>
      </td>
      {/* The manager's field under the department: one column less, so the table fits at 1024 px. */}
      <td className="py-2 pr-3">
        <div className="space-y-2" style={{ minWidth: fields.departmentWidth }}>
          {fields.department}
          {fields.manager}
        </div>
      </td>
      <td className="py-2 pr-3 text-sm">
        <CurrentMatch user={user} />
      </td>
      <td className="py-2 text-right">
        {/* Save and Deactivate keep one line; Erase may go under them. */}
        <div className="flex min-w-43 flex-wrap justify-end gap-2">
          <SaveButton {...props} />
          <AccountButton user={user} onAsk={props.onAccount} />
        </div>
      </td>
    </tr>
  );
}

/** One person as a card, for narrow screens. */
export function UserCard(props: UserRowProps) {
  const { user, changed } = props;
  const fields = fieldsOf(props);
  return (
    <li
      className={cn(
        "space-y-3 rounded-lg border p-4",
        changed ? "border-amber-300 bg-amber-50" : "border-coffee-200",
      )}
    >
      <div className="min-w-0">
        <h3 className="font-semibold text-coffee-950">
          {personName(user)} <DeactivatedBadge user={user} />
        </h3>
        <p className="text-sm wrap-anywhere text-coffee-800">
          <EmailAddress email={user.email} />
        </p>
        {changed && <UnsavedNote />}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="min-w-0 space-y-1 text-sm">
          <span className="font-medium text-coffee-800" aria-hidden="true">
            Status
          </span>
          {fields.status}
        </div>
        <div className="min-w-0 space-y-1 text-sm">
          <span className="font-medium text-coffee-800" aria-hidden="true">
            Department
          </span>
          {fields.department}
        </div>
        <div className="min-w-0 space-y-1 text-sm sm:col-span-2">
          <span className="font-medium text-coffee-800" aria-hidden="true">
            Manager's e-mail
          </span>
          {fields.manager}
        </div>
      </div>
      <p className="text-sm text-coffee-800">
        <span className="font-medium">Current match: </span>
        <CurrentMatch user={user} />
      </p>
      <div className="flex flex-wrap gap-2">
        <SaveButton {...props} />
        <AccountButton user={user} onAsk={props.onAccount} />
      </div>
    </li>
  );
}
