import type {
  AdminDepartment,
  Department,
  DepartmentMoved,
  DepartmentUser,
} from "../../../shared/departments";

/** A department as employees' lists show it (`departmentSchema`). */
export const presentDepartment = (d: Department): Department => ({
  id: d.id,
  name: d.name,
  displayName: d.displayName,
});

/** A department on the admin Departments tab (`adminDepartmentSchema`). */
export const presentAdminDepartment = (d: AdminDepartment): AdminDepartment => ({
  ...presentDepartment(d),
  domainGroupId: d.domainGroupId,
  userCount: d.userCount,
});

/** One member of a department (`departmentUserSchema`). */
export const presentDepartmentUser = (u: DepartmentUser): DepartmentUser => ({
  id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
});

/** What a merge or a removal did (`departmentMovedSchema`). */
export const presentMoved = (m: DepartmentMoved): DepartmentMoved => ({
  message: m.message,
  movedUsers: m.movedUsers,
  movedEntries: m.movedEntries,
});
