// The roles feature as other features may use it: they import from here, never its other files.
export { grantRole, listRoles } from './repository.js';
export { effectiveActiveRole, roleNames, type RoleCode } from './roles.js';
