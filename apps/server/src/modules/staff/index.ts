/** Back-office rights: staff roles built from the rights catalogue, their assignment, and the audit log's reading and verification. */
export { createStaffService, staffAccessResolver, STAFF_MESSAGES, type StaffService, type StaffServiceDeps } from './staff.service';
export { registerStaffRoutes } from './staff.routes';
export { seedStaffRoles, type SeededStaffRole } from './staff.seed';
