import { Link } from 'react-router-dom';
import { LegalPage, SUPPORT_EMAIL } from './LegalPage';

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="Nov 26, 2026"
      intro="This policy says what personal data Stacksmith keeps, why, for how long, and what you can ask of us. We keep as little as the service needs and we do not sell personal data."
      sections={[
        {
          title: 'What we keep',
          body: (
            <ul>
              <li><b>Account:</b> your first and last name, email address, and your password as a salted hash (we never store the password itself).</li>
              <li><b>Subscription:</b> your plan, billing period, renewal and trial dates, any promo code, and your card's brand and last four digits. The full card number and security code are passed to the payment provider and never stored by us.</li>
              <li><b>Your work on the site:</b> projection and ownership edits, boosts, exposures, build settings, team stacks, player groups, presets, cheat sheets, saved lineups and uploaded files, per slate.</li>
              <li><b>Technical records:</b> server logs of requests (address, time, path) kept to run and secure the service; password-reset tokens are stored only as hashes and never logged.</li>
            </ul>
          ),
        },
        {
          title: 'In your browser',
          body: <p>We store your login token, a daily date marker and, if you are not logged in, your edits of the player table in your browser's local storage. We use no advertising cookies and no third-party trackers.</p>,
        },
        { title: 'Why we use it', body: <p>To run your account and builds, to bill paid plans, to send emails you ask for (such as password resets) and notices about your subscription, and to keep the service secure. We do not use your data for advertising.</p> },
        { title: 'Who else sees it', body: <p>Our hosting and email providers process data on our behalf under contract, and the payment provider processes card payments. We share data with others only when the law requires it.</p> },
        { title: 'How long we keep it', body: <p>Account and saved work: while your account exists. Subscription records: as long as tax and accounting law requires. Server logs: at most 30 days. Deleting your account deletes your saved work.</p> },
        { title: 'Your rights', body: <p>You can see and change your details on the <Link to="/account">account</Link> page, and ask us for a copy of your data, a correction, or deletion of your account by writing to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. We answer within 30 days.</p> },
        { title: 'Security', body: <p>Passwords are hashed, connections to the site are encrypted, and each user can read and change only their own data.</p> },
        { title: 'Changes', body: <p>If we change this policy in a way that matters, we will tell you by email before the change applies. See also our <Link to="/terms">Terms of Service</Link>.</p> },
      ]}
    />
  );
}
