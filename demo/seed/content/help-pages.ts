/** Help centre pages (/help.asp and /help_answer/{handle}). */
export interface HelpPageSeed {
  handle: string;
  title: string;
  category: string;
  bodyHtml: string;
}

export const helpPages: readonly HelpPageSeed[] = [
  {
    handle: "shipping-rates-and-times",
    title: "How much is shipping and how long does it take?",
    category: "Shipping",
    bodyHtml:
      '<p>Orders over $99 ship free by ground to the lower 48 states. Below $99 a flat rate applies, based on the subtotal and weight, and is shown in the cart.</p><p>Ground delivery takes 2-5 business days. Orders placed before 2 PM Pacific on business days ship the same day.</p><p>See <a href="/Articles.asp?ID=257">Shipping Details</a> for freight and international orders.</p>',
  },
  {
    handle: "order-status",
    title: "Where is my order?",
    category: "Orders",
    bodyHtml:
      '<p>You receive an e-mail with a tracking number as soon as your order ships. Signed-in customers can also follow every order under <a href="/orders.asp">My Orders</a>.</p><p>Backordered items ship separately when they arrive, at no extra shipping cost.</p>',
  },
  {
    handle: "cancel-or-change-an-order",
    title: "Can I cancel or change my order?",
    category: "Orders",
    bodyHtml:
      "<p>Contact us as soon as possible by chat or phone. We can change or cancel an order until it is packed; once it has shipped, use our returns process instead.</p>",
  },
  {
    handle: "returns",
    title: "How do I return an item?",
    category: "Returns",
    bodyHtml:
      '<p>Unused items in their original packaging can be returned within 30 days of delivery. Contact us for a return authorization number first. Installed electrical parts and chemicals cannot be returned.</p><p>Read the full <a href="/returns-and-exchanges">returns policy</a>.</p>',
  },
  {
    handle: "damaged-or-wrong-item",
    title: "My item arrived damaged or is the wrong part",
    category: "Returns",
    bodyHtml:
      "<p>We are sorry! Contact us within 7 days with your order number and a photo. We ship a replacement right away and send a prepaid label for the return.</p>",
  },
  {
    handle: "finding-your-part-number",
    title: "How do I find the part number I need?",
    category: "Finding Parts",
    bodyHtml:
      '<p>Search for the number printed on your old part or on the equipment label: our search matches part numbers with or without dashes and spaces, and also finds parts by the old numbers they supersede.</p><p>No label? <a href="/Articles.asp?ID=355">Request expert assistance</a> and send us photos: our techs will identify it.</p>',
  },
  {
    handle: "superseded-part-numbers",
    title: "Why does the part I received have a different number?",
    category: "Finding Parts",
    bodyHtml:
      "<p>Manufacturers update parts and give them new numbers. When a number is superseded, the new part replaces the old one and fits the same equipment. Product pages list the numbers each part replaces.</p>",
  },
  {
    handle: "call-for-price",
    title: "Why does a product say 'call for price'?",
    category: "Finding Parts",
    bodyHtml:
      "<p>Some manufacturers do not allow us to show our price online, and some items need a freight quote. Call or chat with us and we will quote you right away.</p>",
  },
  {
    handle: "payment-methods",
    title: "Which payment methods do you accept?",
    category: "Payment",
    bodyHtml:
      "<p>We accept Visa, Mastercard, American Express, Discover, Diners Club, PayPal, Apple Pay and Google Pay. Your card is charged when the order ships.</p>",
  },
  {
    handle: "discount-codes",
    title: "How do I use a discount code?",
    category: "Payment",
    bodyHtml:
      "<p>Enter the code in the discount box in your cart and press Apply. One code per order; codes cannot be combined. The first-order code works once per account and IP address.</p>",
  },
  {
    handle: "sales-tax",
    title: "Do you charge sales tax?",
    category: "Payment",
    bodyHtml:
      "<p>We collect sales tax where the law requires it, based on the shipping address. The tax is shown at checkout before you pay.</p>",
  },
  {
    handle: "warranty-claims",
    title: "How do warranty claims work?",
    category: "Warranty",
    bodyHtml:
      "<p>Manufacturer warranties cover defects in materials and workmanship. Contact us with your order number and a description of the problem; we will guide you through the manufacturer's process, which often requires an inspection by an authorized service center.</p>",
  },
  {
    handle: "account-and-password",
    title: "I forgot my password",
    category: "Account",
    bodyHtml:
      '<p>Use <a href="/recover-account">Recover account</a> on the sign-in page. We e-mail a link to reset your password; it is valid for one hour.</p>',
  },
];

/** Generic pages served at /{handle}. */
export const pages: readonly { handle: string; title: string; bodyHtml: string; seoDescription: string }[] = [
  {
    handle: "contact-us",
    title: "Contact Us",
    seoDescription: "Chat, call or e-mail our pool and spa parts experts.",
    bodyHtml:
      "<p>Our pool and spa techs are here Mon-Fri 6AM-8PM PST and Sat-Sun 6AM-3PM PST.</p><ul><li>Chat: the chat button on any page</li><li>Phone: the number at the top of every page</li><li>E-mail: the address in the footer</li></ul><p>For parts questions, include the brand, model and part number from the label.</p>",
  },
  {
    handle: "accessibility",
    title: "Accessibility",
    seoDescription: "Our commitment to an accessible store.",
    bodyHtml:
      "<p>We want everyone to be able to shop with us. The site is built to work with keyboards and screen readers. If anything gets in your way, tell us by chat or phone and we will help you place your order.</p>",
  },
  {
    handle: "price-match",
    title: "Price Match",
    seoDescription: "Found it cheaper? We will match the price.",
    bodyHtml:
      "<p>Found the same new, in-stock item for less at an authorized US retailer? Send us the link before you order and we will match the price, shipping included.</p>",
  },
];
