import type { TicketScenario } from './ticket-scenario';

/** Billing, technical and account tickets. */
export const ACCOUNT_SCENARIOS: readonly TicketScenario[] = [
  {
    category: 'billing',
    priority: 'high',
    confidence: 0.93,
    desk: 'shopwave',
    channel: 'email',
    write: (c) => ({
      subject: `Charged twice for order #${c.order}`,
      body:
        `I placed order #${c.order} on ${c.day} and paid with my Visa ending in ${c.last4}. My bank statement ` +
        `shows two identical charges of ${c.amount} from SHOPWAVE*ONLINE on the same day, but I only got one ` +
        'order confirmation and one parcel.\n\nCan you please refund the duplicate charge? I can send a ' +
        'screenshot of the statement if you need it.',
      summary: `Order #${c.order} was charged twice (${c.amount} each) on the Visa ending ${c.last4}; the customer wants the duplicate refunded.`,
    }),
  },
  {
    category: 'billing',
    priority: 'low',
    confidence: 0.9,
    desk: 'ledgerly',
    channel: 'form',
    write: (c) => {
      const vat = `GB${c.random.int(100000000, 999999999)}`;
      return {
        subject: 'Invoices missing our VAT number',
        body:
          `Our accountant noticed that the last three invoices from Ledgerly don't show our VAT number (${vat}). ` +
          'Could you add it to our billing details and re-issue those invoices? No rush, we need them for the ' +
          'quarterly return at the end of next month.',
        summary: `Customer asks to add VAT number ${vat} to the billing details and re-issue the last three invoices.`,
      };
    },
  },
  {
    category: 'billing',
    priority: 'high',
    confidence: 0.88,
    desk: 'ledgerly',
    channel: 'email',
    write: (c) => ({
      subject: 'Renewal charged after cancellation - refund please',
      body:
        `I cancelled our Ledgerly subscription on ${c.day} (confirmation reference CX-${c.random.int(10000, 99999)}), ` +
        `but this morning our company card was charged ${c.amount} for the annual renewal. We have moved to ` +
        "another tool and haven't logged in since.\n\nPlease refund the renewal and confirm the account " +
        'will not be billed again.',
      summary: `An annual renewal of ${c.amount} was charged after the subscription was cancelled on ${c.day}; the customer wants it refunded.`,
    }),
  },
  {
    category: 'billing',
    priority: 'urgent',
    confidence: 0.8,
    desk: 'pixelforge',
    channel: 'email',
    write: (c) => ({
      subject: 'URGENT: whole team locked out - "payment past due"',
      body:
        'Our workspace was suspended an hour ago with a "payment past due" banner, and all 35 designers on my ' +
        `team are locked out in the middle of a product launch. The card on file (Amex ending ${c.last4}) is ` +
        "valid - I used it elsewhere this morning - and your billing page won't let me retry the payment, " +
        `it just spins.\n\nWe need access back today. Call me on ${c.phone} if that is faster.`,
      summary: `Workspace suspended for a failed payment has locked all 35 designers out during a launch; retrying the Amex ending ${c.last4} on the billing page fails.`,
    }),
  },
  {
    category: 'billing',
    priority: 'normal',
    confidence: 0.7,
    desk: 'pixelforge',
    channel: 'chat',
    write: () => ({
      subject: 'Seats question',
      body:
        "hi, quick question before I do it - we're on the Team plan, paying monthly\n\n" +
        'if I add 5 more seats today, halfway through the cycle, do we pay for the full month for them or ' +
        'is it prorated?\n\nand will it show up on the next invoice or get charged right away',
      summary:
        'Customer asks whether adding 5 seats mid-cycle on the Team plan is prorated and when it is charged.',
    }),
  },
  {
    category: 'billing',
    priority: 'normal',
    confidence: 0.55,
    desk: 'ledgerly',
    channel: 'email',
    write: (c) => ({
      subject: 'Seats',
      body:
        `Our invoice for this month is ${c.amount}, which looks like 12 seats, but we only have 10 people. ` +
        'When I open Settings > Team to check, the page shows "Something went wrong" so I cannot see ' +
        'who is counted.\n\nCan someone look at both?',
      summary:
        'Customer is billed for 12 seats instead of 10 and the Settings > Team page errors, so they cannot check the seat list.',
    }),
  },
  {
    category: 'technical',
    priority: 'urgent',
    confidence: 0.95,
    desk: 'pixelforge',
    channel: 'email',
    write: (c) => {
      const requestId = `req_${c.random.int(100000, 999999)}${c.random.int(1000, 9999)}`;
      return {
        subject: 'Production down: /v2/exports returning 500',
        body:
          `Since about ${c.time} UTC every call to POST /v2/exports returns HTTP 500 ("internal_error", request ` +
          `id ${requestId}). This breaks the export step of our production pipeline and none of our customers ` +
          'can download their files right now. Nothing changed on our side - same API key, same payload as ' +
          "yesterday.\n\nYour status page says all systems operational. Please escalate, we're losing orders.",
        summary: `POST /v2/exports has returned HTTP 500 on every call since ${c.time} UTC, breaking the customer's production export pipeline.`,
      };
    },
  },
  {
    category: 'technical',
    priority: 'normal',
    confidence: 0.9,
    desk: 'ledgerly',
    channel: 'form',
    write: () => ({
      subject: 'Export times out',
      body:
        'When I export the general ledger to CSV for anything longer than about six months, the download ' +
        'spins for a minute and then shows "Request timed out". Shorter ranges work. I tried Chrome and ' +
        'Firefox. Our auditor needs the full year, so for now I am exporting month by month.',
      summary: 'CSV export of the general ledger times out for date ranges longer than about six months.',
    }),
  },
  {
    category: 'technical',
    priority: 'high',
    confidence: 0.92,
    desk: 'ledgerly',
    channel: 'email',
    write: (c) => {
      const version = `5.${c.random.int(2, 9)}.${c.random.int(0, 4)}`;
      return {
        subject: `iOS app crashes on launch after update to ${version}`,
        body:
          `Since updating the Ledgerly app to ${version} yesterday, it crashes immediately on launch on my ` +
          'iPhone 14 (iOS 17.4). I deleted and reinstalled it, same thing. I submit all my receipts from the ' +
          'app and have an expense deadline on Friday.',
        summary: `The Ledgerly iOS app ${version} crashes on launch on an iPhone 14, so the customer cannot submit receipts.`,
      };
    },
  },
  {
    category: 'technical',
    priority: 'high',
    confidence: 0.85,
    desk: 'pixelforge',
    channel: 'forward',
    write: () => ({
      subject: 'Webhook signatures failing',
      body:
        'We rotated our webhook signing secret in the dashboard on Monday and updated it in our service. ' +
        'Since then every webhook you send fails our signature check (we use the snippet from your docs, ' +
        'HMAC-SHA256 over the raw body). Rolling back is not possible because the old secret is gone.\n\n' +
        'Our asset sync depends on these events, so it has been stale for two days.',
      summary:
        'Webhook signature verification fails for every event since the customer rotated the signing secret, leaving their asset sync stale.',
    }),
  },
  {
    category: 'technical',
    priority: 'low',
    confidence: 0.9,
    desk: 'pixelforge',
    channel: 'form',
    write: () => ({
      subject: 'Dark mode contrast',
      body:
        'Small thing: in dark mode the labels on Settings > Notifications are dark grey on black and almost ' +
        'impossible to read. Everything else looks fine.',
      summary: 'In dark mode the labels on Settings > Notifications are dark grey on black and hard to read.',
    }),
  },
  {
    category: 'technical',
    priority: 'urgent',
    confidence: 0.9,
    desk: 'ledgerly',
    channel: 'email',
    write: (c) => {
      const bank = c.random.pick(['Chase', 'Wells Fargo', 'Barclays', 'HSBC']);
      return {
        subject: 'Bank sync deleted hundreds of transactions',
        body:
          `After last night's bank sync, roughly 400 transactions from our ${bank} account disappeared from ` +
          'the books for last month. Entries we had already reconciled now show as unmatched and our ' +
          'month-end close is tomorrow.\n\nPlease stop the sync from running again until this is fixed - we ' +
          'are afraid the next run will delete more.',
        summary: `Last night's bank sync deleted about 400 reconciled ${bank} transactions; the customer fears the next sync will remove more before tomorrow's close.`,
      };
    },
  },
  {
    category: 'account',
    priority: 'high',
    confidence: 0.9,
    desk: 'shopwave',
    channel: 'email',
    write: (c) => ({
      subject: 'Password reset email never arrives',
      body:
        "I've requested a password reset five times today and the email never arrives - not in spam either. " +
        `I need to log in to see where my order #${c.order} is.`,
      summary: `Password reset emails never arrive at ${c.email}, so the customer cannot log in to track order #${c.order}.`,
    }),
  },
  {
    category: 'account',
    priority: 'normal',
    confidence: 0.88,
    desk: 'ledgerly',
    channel: 'email',
    write: (c) => {
      const newOwner = c.random.pick(['Rachel Stone', 'Victor Alves', 'Karen Liu']);
      return {
        subject: 'Change account owner',
        body:
          'The person who set up our Ledgerly account left the company last month and we cannot reach ' +
          `them. I am the finance director. Could you transfer ownership of the account to our controller, ` +
          `${newOwner}? Happy to verify however you need.`,
        summary: `Customer asks to transfer account ownership from a departed employee to ${newOwner}.`,
      };
    },
  },
  {
    category: 'account',
    priority: 'urgent',
    confidence: 0.93,
    desk: 'pixelforge',
    channel: 'email',
    write: (c) => {
      const city = c.random.pick(['Lagos', 'São Paulo', 'Bucharest', 'Jakarta']);
      return {
        subject: 'Someone is in my account!!',
        body:
          `I got three "new sign-in" alerts from ${city} in the last hour. It wasn't me. Someone changed my ` +
          'password and the recovery phone number, and the activity log shows they opened the API keys ' +
          'page.\n\nPlease lock the account now and revoke every API key and session. I am writing from my ' +
          'personal address because I cannot get into the account.',
        summary: `Unknown sign-ins from ${city} changed the customer's password and recovery phone; they ask to lock the account and revoke all API keys and sessions.`,
      };
    },
  },
  {
    category: 'account',
    priority: 'normal',
    confidence: 0.9,
    desk: 'shopwave',
    channel: 'form',
    write: () => ({
      subject: 'Delete my account',
      body:
        'Please delete my Shopwave account and all personal data you hold about me, as is my right under ' +
        'the GDPR (Art. 17). Please confirm by email once it is done.',
      summary:
        'Customer requests deletion of their Shopwave account and personal data under GDPR Article 17.',
    }),
  },
  {
    category: 'account',
    priority: 'high',
    confidence: 0.86,
    desk: 'ledgerly',
    channel: 'chat',
    emailInText: true,
    write: (c) => ({
      subject: 'Locked out (2FA)',
      body:
        'Hello, I lost my phone over the weekend and it had my authenticator app on it\n\n' +
        `now I can't log in, it keeps asking for the 6 digit code. my login is ${c.email}\n\n` +
        "I don't have the backup codes, I never printed them. I have payroll to run tomorrow",
      summary:
        'Customer lost the phone with their 2FA authenticator, has no backup codes and is locked out before running payroll.',
    }),
  },
  {
    category: 'account',
    priority: 'low',
    confidence: 0.8,
    desk: 'shopwave',
    channel: 'call',
    write: (c) => ({
      subject: 'Change login email',
      body:
        `Caller ${c.name} wants to change the email address on their Shopwave account from a work address ` +
        'to a personal one because they are leaving their job. Verified identity with order history. Told ' +
        'them to use Account > Login details; they will try tonight and call back if it fails. No email ' +
        'given on the call.',
      summary:
        'Customer wants to change the login email on their Shopwave account from a work address to a personal one.',
    }),
  },
];
