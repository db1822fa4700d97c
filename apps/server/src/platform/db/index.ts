export { openDatabase, MIGRATIONS_DIR } from './client';
export type { Db, DbOrTx, Database, DatabaseOptions } from './client';
export { withTransaction, isUniqueViolation, isRetryable } from './transaction';
export { preparedQuery } from './prepared';
export { textArray } from './array-literal';
export { optionalId, pageOf, pageWindow, type PageQuery } from './paging';
export { insertReturning, ownedRowForUpdate } from './rows';
export { movesOf, type Move, type MoveEntry, type MoveTable } from './moves';
