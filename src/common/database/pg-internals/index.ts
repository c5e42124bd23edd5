/**
 * Everything that reaches into node-postgres or TypeORM internals lives in this folder;
 * each item is a row of the deviations table in docs/architecture.md.
 */
export { poolOf } from './pool';
export { STATEMENTS_PER_CONNECTION } from './connection-statements';
export { namesStatements, runNamedStatement, StatementNamer, treeStatementName, usePreparedStatements } from './statement-names';
