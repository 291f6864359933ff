import type { TicketScenario } from './ticket-scenario';

/** Shipping, feature request and other tickets. */
export const ORDER_SCENARIOS: readonly TicketScenario[] = [
  {
    category: 'shipping',
    priority: 'high',
    confidence: 0.9,
    desk: 'trailhead',
    channel: 'email',
    write: (c) => ({
      subject: `Order ${c.order} marked delivered but not here`,
      body:
        `Tracking for order ${c.order} says it was delivered on ${c.day} at 2:14 pm, but nothing arrived. ` +
        "I've checked with my neighbours and the building office and looked around the entrance. It's a " +
        `${c.amount} order with the jacket I need for a trip next week.`,
      summary: `Order ${c.order} is marked delivered on ${c.day} but never arrived; the customer checked with neighbours and the building office.`,
    }),
  },
  {
    category: 'shipping',
    priority: 'normal',
    confidence: 0.85,
    desk: 'shopwave',
    channel: 'email',
    write: (c) => ({
      subject: `Change delivery address for #${c.order}`,
      body:
        `I just placed order #${c.order} and realised it's going to my old address. Can you change it to ` +
        '18 Willow Court, Apt 3B, Hartford, CT 06105 before it ships?',
      summary: `Customer asks to change the delivery address on order #${c.order} before it ships.`,
    }),
  },
  {
    category: 'shipping',
    priority: 'normal',
    confidence: 0.9,
    desk: 'trailhead',
    channel: 'form',
    write: (c) => ({
      subject: 'Where is my order?',
      body:
        `My order ${c.order} has shown "Label created" for 12 days now and the tracking never updated. ` +
        'The website said 3-5 business days. Is it actually on its way?',
      summary: `Tracking for order ${c.order} has shown "Label created" for 12 days without any update.`,
    }),
  },
  {
    category: 'shipping',
    priority: 'normal',
    confidence: 0.88,
    desk: 'trailhead',
    channel: 'email',
    write: (c) => ({
      subject: 'Tent arrived damaged',
      body:
        `The Ridgeline 2P tent from order ${c.order} arrived today with one pole snapped and a tear in the ` +
        'rain fly. The box was crushed on one corner. Photos attached. I would like a replacement rather ' +
        'than a refund if possible.',
      summary: `The Ridgeline 2P tent in order ${c.order} arrived with a snapped pole and a torn rain fly; the customer wants a replacement.`,
    }),
  },
  {
    category: 'shipping',
    priority: 'urgent',
    confidence: 0.82,
    desk: 'careline',
    channel: 'call',
    emailInText: true,
    write: (c) => ({
      subject: 'Lost shipment - insulin pump supplies',
      body:
        `${c.name} called about order ${c.order} (insulin pump infusion sets and reservoirs for their son). ` +
        'Carrier tracking shows "exception - address not found" since Tuesday and the package is lost. ' +
        'The family has supplies for one more day only. Needs a replacement shipped overnight today. ' +
        `Callback ${c.phone}, email ${c.email}.`,
      summary: `Insulin pump supplies on order ${c.order} are lost in transit and the patient runs out tomorrow; the caller needs a replacement shipped overnight.`,
    }),
  },
  {
    category: 'shipping',
    priority: 'low',
    confidence: 0.75,
    desk: 'shopwave',
    channel: 'email',
    write: (c) => {
      const country = c.random.pick(['Canada', 'Norway', 'Switzerland']);
      return {
        subject: 'Import duties?',
        body:
          `I'm thinking of ordering the espresso machine to ${country}. Will I have to pay import duties or ` +
          'VAT when it arrives, or is that included in the price at checkout?',
        summary: `Customer asks whether import duties or VAT are charged on delivery for an order shipped to ${country}.`,
      };
    },
  },
  {
    category: 'shipping',
    priority: 'normal',
    confidence: 0.85,
    desk: 'trailhead',
    channel: 'email',
    write: (c) => ({
      subject: `Pedido ${c.order} - talla equivocada`,
      body:
        `Hola, pedí las botas de montaña Summit Pro en talla 42 (pedido ${c.order}) pero me han llegado en ` +
        'talla 38. La caja estaba bien cerrada. ¿Me podéis enviar la talla correcta y decirme cómo devolver ' +
        'estas?\n\nGracias.',
      summary: `Customer received Summit Pro hiking boots in size 38 instead of the ordered size 42 (order ${c.order}) and wants an exchange.`,
    }),
  },
  {
    category: 'feature_request',
    priority: 'low',
    confidence: 0.92,
    desk: 'ledgerly',
    channel: 'form',
    write: () => ({
      subject: 'Bulk edit transactions',
      body:
        'It would save me hours each month if I could select many transactions and change their category ' +
        'in one go. Right now I have to open each one. Any plans for bulk editing?',
      summary: 'Customer requests bulk editing to change the category of many transactions at once.',
    }),
  },
  {
    category: 'feature_request',
    priority: 'normal',
    confidence: 0.85,
    desk: 'pixelforge',
    channel: 'email',
    write: (c) => {
      const month = c.random.pick(['June', 'September', 'November']);
      return {
        subject: 'SAML SSO (Okta) before renewal',
        body:
          `Our security team requires SAML single sign-on through Okta for every tool by our renewal in ${month}. ` +
          'Is SAML on your roadmap, and is there a date? Without it we may not be able to renew the 80 seats.',
        summary: `Customer needs SAML single sign-on with Okta before their ${month} renewal of 80 seats.`,
      };
    },
  },
  {
    category: 'feature_request',
    priority: 'low',
    confidence: 0.88,
    desk: 'pixelforge',
    channel: 'chat',
    write: () => ({
      subject: 'Figma import',
      body:
        'hey! is there any way to import figma files directly?\n\n' +
        "we're moving the team over and re-exporting everything as SVG is painful. would love a proper importer",
      summary:
        'Customer asks for a direct Figma file importer to move their team without re-exporting everything as SVG.',
    }),
  },
  {
    category: 'feature_request',
    priority: 'low',
    confidence: 0.9,
    desk: 'ledgerly',
    channel: 'email',
    write: () => ({
      subject: 'Zapier integration?',
      body:
        'Do you have (or plan) a Zapier integration? We would like new paid invoices to create a row in ' +
        'Google Sheets automatically.',
      summary: 'Customer asks for a Zapier integration so paid invoices can create rows in Google Sheets.',
    }),
  },
  {
    category: 'other',
    priority: 'low',
    confidence: 0.8,
    desk: 'pixelforge',
    channel: 'email',
    write: () => ({
      subject: 'Partnership idea',
      body:
        'I run a design school with around 2,000 students a year. We would love to explore an education ' +
        'partnership - discounted licences for students, and maybe a co-branded course. Who is the right ' +
        'person to talk to?',
      summary:
        'A design school with about 2,000 students a year proposes an education partnership and asks for a contact.',
    }),
  },
  {
    category: 'other',
    priority: 'low',
    confidence: 0.85,
    desk: 'trailhead',
    channel: 'email',
    write: (c) => ({
      subject: 'Thank you!',
      body:
        `Just wanted to say thanks to Casey who helped me pick a sleeping bag last month (order ${c.order}). ` +
        'It kept me warm at -8 °C on the trail. Great service!',
      summary:
        'Customer thanks the agent Casey for helping choose a sleeping bag that performed well on a cold trip.',
    }),
  },
  {
    category: 'other',
    priority: 'normal',
    confidence: 0.4,
    desk: 'shopwave',
    channel: 'email',
    write: () => ({
      subject: 'not working',
      body: "it doesn't work again. same as last time. please sort it out",
      summary:
        'Customer says something stopped working again but gives no details about the product, order or error.',
    }),
  },
  {
    category: 'other',
    priority: 'low',
    confidence: 0.9,
    desk: 'ledgerly',
    channel: 'form',
    write: () => ({
      subject: 'Job application',
      body:
        'Hello, I am applying for the Customer Success Specialist role I saw on LinkedIn. I have four years ' +
        'of SaaS support experience. My CV is at the link below. Thank you for considering me.\n\n' +
        'https://drive.example.com/cv-customer-success.pdf',
      summary: 'A job applicant sent an application for the Customer Success Specialist role to support.',
    }),
  },
  {
    category: 'other',
    priority: 'high',
    confidence: 0.7,
    desk: 'pixelforge',
    channel: 'email',
    sender: { first: 'Daniel', last: 'Cohen', domain: 'cohenlaw.com' },
    write: (c) => ({
      subject: 'Litigation hold - preservation request',
      signature: `Yours faithfully,\n${c.name}\nPartner, Cohen & Associates LLP`,
      body:
        `This firm represents ${c.random.pick(['Harlow Media LLC', 'Brandt Retail Group', 'Oakline Studios'])} in pending litigation. ` +
        'We ask that PixelForge preserve all records relating to the workspace "harlow-creative" from ' +
        'January 2023 onward, and that you tell us whom to serve with a formal request. We need a response ' +
        'within five business days.',
      summary:
        'A law firm asks PixelForge to preserve records of a workspace for pending litigation and requests a legal contact within five business days.',
    }),
  },
];
