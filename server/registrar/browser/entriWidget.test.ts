/**
 * The registrar widget's stand-in (entri.js) in a DOM: the purchase dialog, the sandbox registrar's answers (a
 * mocked fetch), and the close message the panel waits for.
 *
 * @jest-environment jsdom
 * @jest-environment-options {"url": "http://127.0.0.1:4001/"}
 */
import { fireEvent, screen, waitFor } from '@testing-library/dom';
import { registrarCloseMessageSchema } from '../../../core/contract';

/** Runs the script's module afresh, as a page runs the script the server bundles from it (server/browser/bundle.ts). */
const runScript = () => jest.isolateModules(() => jest.requireActual('./entri.js'));
const CONFIG = {
  applicationId: 'inkwell-sandbox',
  token: 'sbx_entri_1',
  dnsRecords: [{ type: 'CNAME', host: 'www', value: 'staff.inkwell.test', ttl: 300 }],
};

interface Entri {
  sandbox: boolean;
  showEntri(config: object): void;
  close(): void;
}
const win = window as unknown as { entri: Entri; fetch: jest.Mock };

function answer(status: number, body: unknown) {
  return Promise.resolve({ ok: status < 300, status, json: async () => body });
}

let closes: unknown[];
const onClose = (event: Event) => closes.push((event as CustomEvent).detail);

beforeAll(() => {
  runScript();
  window.addEventListener('onEntriClose', onClose);
});

beforeEach(() => {
  closes = [];
  document.body.innerHTML = '<button type="button">Purchase domain</button>';
  win.fetch = jest.fn();
});

async function search(name: string) {
  win.fetch.mockReturnValueOnce(
    answer(200, {
      offers: [
        { domain: `${name}.com`, available: false, price: 1200 },
        { domain: `${name}.blog`, available: true, price: 2500 },
      ],
    }),
  );
  fireEvent.input(screen.getByLabelText('Domain name'), { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  return screen.findByRole('button', { name: `Buy ${name}.blog` });
}

describe('window.entri (sandbox)', () => {
  it("buys a domain, with the config's records, and closes with a successful close message", async () => {
    win.entri.showEntri(CONFIG);
    expect(screen.getByRole('dialog', { name: 'Buy a domain' })).toBeTruthy();
    const buy = await search('mynews');
    expect(win.fetch).toHaveBeenCalledWith(
      'http://127.0.0.1:4001/sandbox/registrar/availability?name=mynews',
      expect.objectContaining({ method: 'GET' }),
    );
    expect(screen.getByText('mynews.com · taken')).toBeTruthy();
    win.fetch.mockReturnValueOnce(answer(201, { domain: 'mynews.blog' }));
    fireEvent.click(buy);
    await waitFor(() => expect(closes).toHaveLength(1));
    expect(JSON.parse(win.fetch.mock.calls[1][1].body)).toEqual({
      domain: 'mynews.blog',
      dnsRecords: CONFIG.dnsRecords,
    });
    expect(registrarCloseMessageSchema.parse(closes[0])).toEqual({
      success: true,
      domain: 'mynews.blog',
      provider: 'Sandbox Registrar',
      setupType: 'purchase',
      lastStatus: 'FINISHED_SUCCESSFULLY',
      freeDomain: false,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a refused purchase and stays open; closing sends an unsuccessful close message', async () => {
    win.entri.showEntri(CONFIG);
    const buy = await search('taken');
    win.fetch.mockReturnValueOnce(answer(409, { error: { message: 'That domain is taken', status: 409 } }));
    fireEvent.click(buy);
    expect(await screen.findByText('That domain is taken')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(closes).toEqual([
      {
        success: false,
        domain: null,
        provider: null,
        setupType: null,
        lastStatus: 'SHOW_PURCHASE_DOMAINS',
        freeDomain: false,
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses to open without its credentials', () => {
    expect(() => win.entri.showEntri({ applicationId: 'inkwell-sandbox' })).toThrow('applicationId and a token');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
