/** Saved cards: which setup intent put which card on a customer, so a repeated update-card changes nothing. */
import type { Db } from '../../db/database';

export interface CardChange {
  setupIntentId: string;
  paymentMethodId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export class CardRepository {
  constructor(private readonly db: Db) {}

  /** The customer a setup intent's card was saved on, if update-card has saved it. */
  findUpdate(setupIntentId: string) {
    return this.db
      .selectFrom('card_updates')
      .selectAll()
      .where('setup_intent_id', '=', setupIntentId)
      .executeTakeFirst();
  }

  /**
   * Saves a confirmed card as the customer's card, once per setup intent: false (and nothing changed) when this
   * setup intent was saved before, so a repeated update-card cannot bring back an older card.
   */
  async save(customerId: string, change: CardChange, appliedAt: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('card_updates')
        .values({
          setup_intent_id: change.setupIntentId,
          customer_id: customerId,
          payment_method_id: change.paymentMethodId,
          applied_at: appliedAt,
        })
        .onConflict((conflict) => conflict.column('setup_intent_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await trx
        .updateTable('customers')
        .set({
          card_brand: change.brand,
          card_last4: change.last4,
          card_exp_month: change.expMonth,
          card_exp_year: change.expYear,
          default_payment_method: change.paymentMethodId,
        })
        .where('id', '=', customerId)
        .execute();
      return true;
    });
  }
}
