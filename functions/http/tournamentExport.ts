/** `GET /api/tournaments/{id}/export?format=trf|csv|boards`: the arbiter's files (docs/tournaments.md). */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { exportTournament, type ExportFormat } from "../tournaments/http.js";
import { makeDynamoTournamentStore } from "../tournaments/store.js";
import { behindOrigin, fail, table } from "./respond.js";

const FORMATS: readonly ExportFormat[] = ["trf", "csv", "boards"];

export const handler = behindOrigin(
  async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const format = event.queryStringParameters?.format ?? "trf";
    if (!(FORMATS as readonly string[]).includes(format)) return fail("query/invalid", "format is trf, csv or boards");
    const { db, tableName } = table();
    const r = await exportTournament(
      makeDynamoTournamentStore(db, tableName),
      event.pathParameters?.id ?? "",
      format as ExportFormat,
    );
    if (!r.ok) return fail(r.error.code, r.error.message);
    return {
      statusCode: 200,
      headers: {
        "content-type": `${r.value.type}; charset=utf-8`,
        "content-disposition": `attachment; filename="${r.value.name}"`,
        "cache-control": "public, max-age=2",
      },
      body: r.value.body,
    };
  },
);
