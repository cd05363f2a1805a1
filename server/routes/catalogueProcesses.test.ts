/**
 * A catalogue put through one process is what every process serves within a second (docs/deploy.md): each reads
 * the catalogue's version at most once a second, so one that kept the old catalogue lets it go.
 */
import { DEMO_PLATFORM_API_KEY } from '../config/serverConfig';
import { CATALOGUE_CHECK_INTERVAL_MS } from '../billing/repositories/catalogueRepository';
import type { CatalogPut } from '../platform/contract';
import { demoCatalogue } from '../seed/demoCatalogue';
import { errorOf, scenarioCalls, setUpDemoOnTwoProcesses } from '../testing/testKit';

// Reset through the first, so the sites are the first's (the second's start wrote its own demo host's).
const { first, second } = setUpDemoOnTwoProcesses({ resetBeforeEach: true });
const onSecond = scenarioCalls(second, first);

it("serves another process's new catalogue within a second", async () => {
  // The second process keeps the demo's catalogue: the active owner's Publisher plan is on sale.
  const before = await onSecond.ok('get-billing-data', 'active');
  expect(before.availableProducts.map((product) => product.id)).toContain('prod_publisher');

  const withoutPublisher: CatalogPut = {
    ...demoCatalogue,
    products: demoCatalogue.products.filter((product) => product.id !== 'prod_publisher'),
  };
  const put = await fetch(`${first.panelUrl}/platform/v1/catalog`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${DEMO_PLATFORM_API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(withoutPublisher),
  });
  expect(put.status).toBe(200);

  await new Promise((resolve) => setTimeout(resolve, CATALOGUE_CHECK_INTERVAL_MS + 200));
  // Publisher is a legacy plan now, on the second process too.
  const after = await onSecond.api('get-billing-data', 'active');
  expect(after.status).toBe(403);
  expect(errorOf(after)).toMatchObject({ code: 'legacy_plan' });
});
