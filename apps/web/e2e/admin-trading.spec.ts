import type { Locator, Page } from "@playwright/test";
import { paths } from "../src/lib/paths.ts";
import {
  chooseOption,
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  openOptions,
  screenshot,
  signUp,
  test,
  urlEndingWith,
} from "./fixtures.ts";
import { changeSettings, openAdmin, uidOf } from "./money-kit.ts";

/** The value (dd) of a label (dt) in a house result card. */
const stat = (card: Locator, label: string) =>
  card
    .locator("dl > div")
    .filter({ has: card.page().getByRole("term").filter({ hasText: label }) })
    .locator("dd");

async function placeContract(page: Page, duration: string, direction: "Up" | "Down") {
  await page.getByLabel("Amount (USD)").fill("10");
  await chooseOption(page.getByRole("combobox", { name: "Duration" }), duration);
  // The button names the payout it would earn: "Up · pays 18.50 USD".
  await page.getByRole("button", { name: new RegExp(`^${direction} · pays`) }).click();
  await expect(page.getByText(new RegExp(`${direction} contract placed at`))).toBeVisible();
}

test("an admin sets the BTC payout and durations; a member trades on them; the admin sees the contract and the house result", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const admin = await openAdmin(browser, { viewport: { width: 1280, height: 900 } });
  // The settings are shared by every spec of the run: put them back as they were at the end.
  const original = await (await admin.request.get("/api/admin/settings")).json();
  try {
    // The admin reaches the page from the back-office menu.
    await admin.page.goto(paths.admin);
    await admin.page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Trading" }).click();
    await expect(admin.page).toHaveURL(urlEndingWith(paths.adminTrading));
    await expect(admin.page.getByRole("heading", { level: 1, name: "Trading" })).toBeVisible();
    const form = admin.page.getByRole("form", { name: "Trading settings" });
    await expect(form.getByLabel("BTC payout")).toBeVisible();

    // Client validation: no duration at all, and a maximum below the minimum, are refused on their inputs.
    const durations = form.getByRole("group", { name: "Durations members may choose" });
    for (const box of await durations.getByRole("checkbox").all()) await box.uncheck();
    await form.getByLabel("Maximum stake").fill("0.50");
    await form.getByRole("button", { name: "Save trading settings" }).click();
    await expect(durations).toContainText("Enable at least one duration");
    await expect(form.getByLabel("Maximum stake")).toHaveAccessibleDescription("Must be at least the minimum stake");
    await form.getByRole("button", { name: "Discard changes" }).click();
    await expect(durations.getByRole("checkbox", { name: "1 h" })).toBeChecked();

    await form.getByLabel("BTC payout").fill("91");
    await durations.getByRole("checkbox", { name: "1 h" }).uncheck();
    await form.getByRole("button", { name: "Save trading settings" }).click();
    await expect(admin.page.getByRole("status").filter({ hasText: "Trading settings saved." })).toBeVisible();
    await expect(form.getByLabel("BTC payout")).toHaveValue("91");
    const saved = await (await admin.request.get("/api/admin/settings")).json();
    expect(saved.tradePayoutPercent).toEqual({ ...original.tradePayoutPercent, BTC: 91 });
    expect(saved.tradeDurations).toEqual(original.tradeDurations.filter((d: number) => d !== 3600));
    // The rest of the record is sent back unchanged (as a new revision).
    expect(saved.revision).toBeGreaterThan(original.revision);
    expect({ ...saved, tradePayoutPercent: null, tradeDurations: null, revision: null }).toEqual({
      ...original,
      tradePayoutPercent: null,
      tradeDurations: null,
      revision: null,
    });

    // The member sees 91% on BTC and no 1 h duration, then places a 5 m and a 30 s contract.
    await page.setViewportSize({ width: 1280, height: 860 });
    const member = await signUp(page, baseURL as string);
    const uid = await uidOf(page.request);
    await page.goto(paths.tradeFirstPair);
    await expect(page.getByTestId("last-price")).not.toHaveText("—");
    await expect(page.getByText(/Payout:\s*91%/)).toBeVisible();
    await openOptions(page.getByRole("combobox", { name: "Duration" }));
    await expect(page.getByRole("option", { name: "30 s", exact: true })).toBeVisible();
    await expect(page.getByRole("option", { name: "1 h", exact: true })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("listbox")).toHaveCount(0);
    await placeContract(page, "5 m", "Up");
    await placeContract(page, "30 s", "Down");

    // The admin finds the open 5 m contract through the filters.
    await admin.page.goto(paths.adminTrading);
    await chooseOption(admin.page.getByRole("combobox", { name: "Status" }), "Open");
    await admin.page.getByRole("searchbox", { name: "Member uid" }).fill(uid);
    await expect(admin.page).toHaveURL(new RegExp(`status=open.*uid=${uid}`));
    const table = admin.page.getByRole("table", { name: "Contracts" });
    const row = table.getByRole("row").filter({ hasText: "91% · 5 m" });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("BTC/USDT");
    await expect(row).toContainText("Up");
    await expect(row).toContainText("Free");
    await expect(row).toContainText("Open");
    const fullName = `${member.firstName} ${member.lastName}`;
    await expect(row.getByRole("link", { name: fullName, exact: true })).toBeVisible();
    await expect(row).toContainText(`@${member.username}`);
    await expect(row.getByRole("button", { name: `Show only ${fullName}'s contracts (${uid})` })).toBeVisible();

    // The house result counts the practice contract at once: it is open and its stake is in the trading house.
    const practice = admin.page.getByRole("region", { name: "Practice (demo)" });
    await expect(stat(practice, "Open contracts")).toHaveText(/^[1-9]\d*$/);
    await expect(stat(practice, "Stakes")).toHaveText(/[1-9]/);
    await expect(stat(practice, "Result")).toContainText(/The house is (ahead|behind)|Even/);
    await expectAccessible(admin.page);
  } finally {
    // Only the fields this spec changed, over the current revision.
    const res = await changeSettings(admin.request, baseURL as string, {
      tradePayoutPercent: original.tradePayoutPercent,
      tradeDurations: original.tradeDurations,
    });
    expect(res.status(), await res.text()).toBe(200);
    await admin.context.close();
  }
});

test("the trading page at 360 px and 1280 px, light and dark", async ({ browser }) => {
  test.setTimeout(180_000);
  for (const mode of ["light", "dark"] as const) {
    for (const width of [360, 1280]) {
      const admin = await openAdmin(browser, { viewport: { width, height: width === 360 ? 740 : 900 } });
      await admin.page.addInitScript((m) => localStorage.setItem("getMode", m), mode);
      await admin.page.goto(paths.adminTrading);
      await expect(admin.page.getByRole("heading", { level: 1, name: "Trading" })).toBeVisible();
      await expect(admin.page.getByRole("region", { name: "Real" })).toBeVisible();
      await expect(admin.page.getByLabel("AVAX payout")).toBeVisible();
      await expect(admin.page.getByRole("table", { name: "Contracts" })).toBeVisible();
      await expect(admin.page.getByRole("progressbar")).toHaveCount(0);
      await expectNoHorizontalOverflow(admin.page, `${paths.adminTrading} overflows at ${width} px`);
      await screenshot(admin.page, `admin-trading-${width === 360 ? "mobile" : "desktop"}-${mode}`);
      await expectAccessible(admin.page);
      await admin.context.close();
    }
  }
});
