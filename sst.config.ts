import type { SSTConfig } from "sst";
import { StorageStack } from "./stacks/StorageStack.js";
import { ApiStack } from "./stacks/ApiStack.js";

const config: SSTConfig = {
  config() {
    return { name: "mancala", region: process.env.AWS_REGION ?? "us-east-1" };
  },
  stacks(app) {
    app.stack(StorageStack).stack(ApiStack);
  },
};

export default config;
