import { isUnderPlatform } from './platformIssuer';

describe('an identity token issuer under the platform', () => {
  it.each([
    ['https://admin.example.com/sites/a', 'https://admin.example.com'],
    ['https://admin.example.com/sites/a', 'https://admin.example.com/'],
    ['https://admin.example.com/sites/a', 'https://admin.example.com/sites'],
    ['https://admin.example.com/sites/a/', 'https://admin.example.com/sites/'],
    ['https://admin.example.com/sites', 'https://admin.example.com/sites'],
    ['https://ADMIN.example.com:443/sites/a', 'https://admin.example.com'],
  ])('accepts %s under %s', (issuer, platform) => {
    expect(isUnderPlatform(issuer, platform)).toBe(true);
  });

  it.each([
    ['https://admin.example.com.evil.test/sites/a', 'https://admin.example.com'],
    ['http://admin.example.com/sites/a', 'https://admin.example.com'],
    ['https://admin.example.com:8443/sites/a', 'https://admin.example.com'],
    ['https://admin.example.com/sites-elsewhere/a', 'https://admin.example.com/sites'],
    ['https://admin.example.com/', 'https://admin.example.com/sites'],
    ['inkwell', 'https://admin.example.com'],
    ['', 'https://admin.example.com'],
    ['https://admin.example.com/sites/a', 'not a url'],
  ])('refuses %s under %s', (issuer, platform) => {
    expect(isUnderPlatform(issuer, platform)).toBe(false);
  });
});
