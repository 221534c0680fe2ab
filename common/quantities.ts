/**
 * The most of one item in one order, and of different items in one checkout. On its own so the product page's
 * quantity stepper loads nothing else of the order rules (decision 25, the page's JavaScript budget).
 */
export const maxItemQuantity = 99;
export const maxCheckoutItems = 50;
