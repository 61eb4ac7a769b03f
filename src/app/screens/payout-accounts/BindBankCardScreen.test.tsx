import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json' with { type: 'json' };
import { guardConsole } from '../../testing/consoleGuard.ts';
import { fail, ok } from '../../testing/fakeApi.ts';
import { badChecksum, card, expectUsableOnPhone, goodAddress, moneyHandlers, noWallets, signIn } from '../../testing/moneyFixtures.ts';
import { renderApp } from '../../testing/renderApp.tsx';
import { resetBrowserState } from '../../testing/reset.ts';
import { expectStaysPut } from '../../testing/staysPut.ts';

resetBrowserState();
guardConsole();

const setup = (handlers = {}) => {
  signIn();
  return renderApp('/bindBankCard', { ...moneyHandlers, 'user/getUserWallets': () => ok(noWallets), ...handlers });
};
type Screen = Awaited<ReturnType<typeof setup>>['screen'];
const cardForm = (screen: Screen) => screen.getByRole('form', { name: en.bank.card_form });
const addressForm = (screen: Screen) => screen.getByRole('form', { name: en.bank.address_form });

async function fillCard(screen: Screen) {
  const form = cardForm(screen);
  await form.getByLabelText(en.bank.bankName).selectOptions('Vietcombank');
  await form.getByLabelText(en.bank.cardNumber).fill('9704 3661 1234');
  await form.getByLabelText(en.bank.accountName).fill('Alice Nguyen');
  await form.getByLabelText(en.bank.branch).fill('District 1');
  await form.getByLabelText(en.bank.city).fill('Ho Chi Minh City');
  await form.getByLabelText(en.bank.province).fill('HCMC');
}

describe('/bindBankCard: bank card', () => {
  it('keeps both forms where they are when the bound wallets and the banks arrive', async () => {
    signIn();
    const { api, screen } = await renderApp('/bindBankCard', { ...moneyHandlers, 'user/getUserWallets': () => ok(noWallets) }, { hold: ['user/getUserWallets', 'common/banks'] });
    const [wallets, banks] = await Promise.all([api.nextRequest('user/getUserWallets'), api.nextRequest('common/banks')]);
    const cardNumber = cardForm(screen).getByLabelText(en.bank.cardNumber);
    await expectStaysPut(cardNumber, () => wallets.release(), screen.getByText(en.wallet.no_card));
    await expectStaysPut(addressForm(screen), () => banks.release(), screen.getByRole('option', { name: 'Vietcombank' }));
  });

  it('prompts for every missing field (spec 5) without calling the server', async () => {
    const { api, screen } = await setup();
    await cardForm(screen).getByRole('button', { name: en.bank.save_card }).click();
    for (const prompt of [en.prompt.bankName, en.prompt.cardNumber, en.prompt.accountName, en.prompt.branch, en.prompt.city, en.prompt.province]) {
      await expect.element(screen.getByText(prompt)).toBeVisible();
    }
    expect(api.count('user/save_bank')).toBe(0);
    expectUsableOnPhone();
  });

  it('offers the banks of common/bank as a select and rejects a malformed card number', async () => {
    const { api, screen } = await setup();
    await fillCard(screen);
    await cardForm(screen).getByLabelText(en.bank.cardNumber).fill('12ab');
    await cardForm(screen).getByRole('button', { name: en.bank.save_card }).click();
    await expect.element(screen.getByText(en.field.card_format)).toBeVisible();
    expect(api.count('user/save_bank')).toBe(0);
  });

  it('binds the card through user/save_bank, says "Added Successfully" and shows it', async () => {
    const { api, screen } = await setup({ 'user/save_bank': () => ok({ bank: card, addresses: [] }) });
    await fillCard(screen);
    await cardForm(screen).getByRole('button', { name: en.bank.save_card }).click();
    await expect.element(screen.getByRole('status')).toHaveTextContent('Added Successfully');
    expect(api.last('user/save_bank')?.body).toEqual({
      kind: 'bank', bankName: 'Vietcombank', cardNumber: '970436611234', accountName: 'Alice Nguyen', branch: 'District 1', city: 'Ho Chi Minh City', province: 'HCMC',
    });
    await expect.element(screen.getByText('Vietcombank · **** 1234 · Alice Nguyen')).toBeVisible();
    // The form that saved is empty again.
    await expect.element(cardForm(screen).getByLabelText(en.bank.accountName)).toHaveValue('');
  });

  it('keeps what was typed and shows the server field error when it refuses', async () => {
    const { screen } = await setup({ 'user/save_bank': () => fail(400, 4001, 'error.validation', { bankName: 'field.invalid' }) });
    await fillCard(screen);
    await cardForm(screen).getByRole('button', { name: en.bank.save_card }).click();
    await expect.element(cardForm(screen).getByRole('alert')).toHaveTextContent(en.error.validation);
    await expect.element(cardForm(screen).getByText(en.field.invalid)).toBeVisible();
    await expect.element(cardForm(screen).getByLabelText(en.bank.accountName)).toHaveValue('Alice Nguyen');
  });
});

describe('/bindBankCard: TRC20 address', () => {
  it('prompts for a missing address and checks the format', async () => {
    const { api, screen } = await setup();
    const form = addressForm(screen);
    await form.getByRole('button', { name: en.bank.save_address }).click();
    await expect.element(form.getByText(en.prompt.address)).toBeVisible();
    await form.getByLabelText(en.bank.address).fill('0x1234');
    await form.getByRole('button', { name: en.bank.save_address }).click();
    await expect.element(form.getByText(en.field.address_format)).toBeVisible();
    expect(api.count('user/save_bank')).toBe(0);
  });

  it('refuses a wrong checksum on the phone, before any call', async () => {
    const { api, screen } = await setup();
    const form = addressForm(screen);
    await form.getByLabelText(en.bank.address).fill(badChecksum);
    await form.getByRole('button', { name: en.bank.save_address }).click();
    await expect.element(form.getByText(en.error.address_invalid)).toBeVisible();
    expect(api.count('user/save_bank')).toBe(0);
    await expect.element(form.getByLabelText(en.bank.address)).toHaveValue(badChecksum);
  });

  it('binds a valid address and says "Added Successfully"', async () => {
    const { api, screen } = await setup({ 'user/save_bank': () => ok({ bank: null, addresses: [{ id: 9, network: 'TRC20', address: goodAddress }] }) });
    const form = addressForm(screen);
    await form.getByLabelText(en.bank.address).fill(` ${goodAddress} `);
    await form.getByRole('button', { name: en.bank.save_address }).click();
    await expect.element(screen.getByRole('status')).toHaveTextContent('Added Successfully');
    expect(api.last('user/save_bank')?.body).toEqual({ kind: 'trc20', address: goodAddress });
    await expect.element(screen.getByText(goodAddress)).toBeVisible();
  });
});
