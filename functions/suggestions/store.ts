/** The suggestions domain's store: one item per suggestion under its day (`SUGGESTION#<yyyy-mm-dd>`). */
import { PutCommand, type DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

interface SuggestionRecord {
  readonly id: string;
  readonly createdAt: number;
  readonly text: string;
  readonly category: string;
  readonly playerId: string | null;
  readonly contact: string | null;
  readonly userAgent: string;
}

export interface SuggestionStore {
  put(s: SuggestionRecord): Promise<void>;
}

export function makeDynamoSuggestionStore(db: DynamoDBDocumentClient, tableName: string): SuggestionStore {
  return {
    async put(s) {
      const day = new Date(s.createdAt).toISOString().slice(0, 10);
      await db.send(
        new PutCommand({ TableName: tableName, Item: { pk: `SUGGESTION#${day}`, sk: `${s.createdAt}#${s.id}`, ...s } }),
      );
    },
  };
}
