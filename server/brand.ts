/** The hosted platform's brand (DEMO.md "Brand defaults"). No Node imports: panel tests load it with the scenarios. */
export interface Brand {
  platformName: string;
  /** the hosted ("pro") domain sites live under, e.g. `<subdomain>.inkwell.test` */
  proDomain: string;
  supportEmail: string;
  companySite: string;
}

export const defaultBrand: Brand = {
  platformName: 'Inkwell',
  proDomain: 'inkwell.test',
  supportEmail: 'support@inkwell.test',
  companySite: 'https://inkwell.test',
};
