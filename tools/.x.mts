import { launchChromium, login, startKiosk } from '../e2e/support.js';
const kiosk = await startKiosk(['--demo']);
const browser = await launchChromium();
try {
  for (const vp of [{ width: 1024, height: 768 }, { width: 1920, height: 1080 }]) {
    const page = await (await browser.newContext({ viewport: vp })).newPage();
    await page.goto(kiosk.appUrl);
    await page.getByTestId('login-tile-caixa1').waitFor();
    await page.screenshot({ path: `/tmp/shot-login-${vp.width}.png` });
    for (let i = 0; i < 5; i++) { await page.getByTestId('login-tile-caixa2').click(); await page.getByTestId('login-pin').fill('9999'); await page.getByTestId('login-pin').press('Enter'); await page.waitForTimeout(300); }
    await page.screenshot({ path: `/tmp/shot-login-locked-${vp.width}.png` });
    await page.getByTestId('login-tile-caixa1').click();
    await page.getByTestId('login-pin').fill('3333'); await page.getByTestId('login-pin').press('Enter');
    await page.getByTestId('logout').waitFor();
    await page.getByTestId('drawer-tab').click().catch(async () => { console.log(await page.locator('[role=tab], .tab').allInnerTexts()); });
    await page.getByTestId('drawer-close-start').click();
    await page.getByTestId('close-count-2000').fill('4');
    await page.getByTestId('close-submit').click();
    await page.getByTestId('drawer-close-confirm').click();
    await page.getByTestId('drawer-approval-dialog').waitFor();
    await page.screenshot({ path: `/tmp/shot-approval-${vp.width}.png` });
    await page.getByTestId('approval-tile-gerente').click();
    await page.getByTestId('approval-reason').fill('Nota em falta');
    await page.getByTestId('approval-pin').fill('2222');
    await page.getByTestId('approval-submit').click();
    await page.getByTestId('drawer-closed').waitFor();
    await page.screenshot({ path: `/tmp/shot-closed-${vp.width}.png` });
    await page.context().close();
    await kiosk.call('drawer.open', { floatByDenomination: { '2000': 5 } }, (await kiosk.call('auth.login', { username: 'caixa1', pin: '3333' })).value.operatorToken);
  }
} finally { await browser.close(); await kiosk.stop(); }
