import { isBusinessProduct, isCustomPlan, isEntryProduct, isExcludedFromOffers } from './products';

describe('isCustomPlan: "Custom plans (name contains \'custom\')"', () => {
  it.each([
    ['Custom', true],
    ['business-custom-2024', true],
    ['Business', false],
  ])('%s: %s', (name, expected) => {
    expect(isCustomPlan(name)).toBe(expected);
  });
});

describe('isEntryProduct: "default product \'starter\'"', () => {
  it.each([
    ['starter', true],
    ['Starter', true],
    ['starter-plus', false],
    ['publisher', false],
  ])('%s: %s', (name, expected) => {
    expect(isEntryProduct(name)).toBe(expected);
  });
});

describe('isBusinessProduct: "staff: passes if the plan is business"', () => {
  it.each([
    ['business', true],
    ['Business', true],
    ['publisher', false],
  ])('%s: %s', (name, expected) => {
    expect(isBusinessProduct(name)).toBe(expected);
  });
});

describe('isExcludedFromOffers: "products named personal or trial are excluded"', () => {
  it.each([
    ['personal', true],
    ['Trial', true],
    [' trial ', true],
    ['publisher', false],
    // Ambiguity decided: "named" means the whole name, so a plan merely mentioning trial stays offered.
    ['trial-extension', false],
  ])('%p: %s', (name, expected) => {
    expect(isExcludedFromOffers(name)).toBe(expected);
  });
});
