export { jsonColumn, queryRows } from "../../db/rows.ts";
