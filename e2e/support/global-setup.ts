import { rmSync } from "node:fs";
import { prepareDataTemplate } from "./data-template";
import { startShop } from "./shop-server";

/** One shop for the whole run; tests that need other settings start their own. */
export default async function globalSetup() {
  const template = await prepareDataTemplate();
  const shop = await startShop();
  process.env.E2E_BASE_URL = shop.baseURL;
  return async () => {
    await shop.stop();
    rmSync(template, { recursive: true, force: true });
  };
}
