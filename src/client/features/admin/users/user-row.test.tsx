import type { AdminUser } from "@shared/admin-users";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EmailAddress } from "../../../components/ui/email-address";
import { UserCard, type UserRowProps, UserTableRow } from "./user-row";

const user: AdminUser = {
  id: "u1",
  firstName: "Casey",
  lastName: "Montgomery-Williamson",
  email: "casey.montgomery-williamson@codes.example.test",
  department: null,
  departmentName: null,
  isAdmin: true,
  isActive: true,
  scimManaged: false,
  needsProfileSetup: false,
  participationStatus: "active",
  matchingPreference: "any",
  preferredGroupSize: 2,
  domainGroupId: null,
  managerEmail: null,
  office: null,
  meetWay: null,
  timeZone: null,
};

const props: UserRowProps = {
  user,
  draft: undefined,
  changed: false,
  saving: false,
  managerError: undefined,
  departments: [],
  onDraft: () => {},
  onSave: () => {},
  onAccount: () => {},
};

describe("the users table's addresses", () => {
  it("wrap as every address does: before the @ or before a dot, never at a hyphen", () => {
    const address = renderToStaticMarkup(<EmailAddress email={user.email} />);
    const row = renderToStaticMarkup(
      <table>
        <tbody>
          <UserTableRow {...props} />
        </tbody>
      </table>,
    );
    expect(row).toContain(address);
    expect(renderToStaticMarkup(<UserCard {...props} />)).toContain(address);
  });
});
