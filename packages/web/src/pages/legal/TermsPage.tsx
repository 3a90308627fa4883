import { Link } from 'react-router-dom';
import { TRIAL_DAYS } from '@stacksmith/domain';
import { LegalPage, SUPPORT_EMAIL } from './LegalPage';

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="Nov 26, 2026"
      intro="These terms govern your use of Stacksmith: the lineup optimizer, projections, analysis pages and your account. By creating an account or using the site you agree to them."
      sections={[
        { title: 'What Stacksmith is', body: <p>Stacksmith is a set of tools for daily fantasy sports players: projections, an optimizer that builds lineups under the rules you set, and pre- and post-build analysis. We are not a fantasy contest operator, we do not take entries or hold funds for contests, and we are not affiliated with DraftKings, FanDuel or Yahoo. You upload lineups to those sites yourself and play under their rules.</p> },
        { title: 'No guarantee of winnings', body: <p>Projections, ownership estimates and simulations are estimates. A lineup that is optimal for the numbers it was given can still lose. You are responsible for your entries, for checking lineups before you upload them, and for playing only where daily fantasy sports are legal for you and you are of age.</p> },
        { title: 'Your account', body: <p>Keep your password to yourself; you are responsible for what is done with your account. You must give a real email address so we can send password resets. One account is for one person: sharing an account, reselling our data or automated scraping of the site is not allowed.</p> },
        {
          title: 'Plans, trial, renewal and cancellation',
          body: (
            <ul>
              <li>The Free plan costs nothing. Paid plans are billed monthly or yearly at the price shown on the <Link to="/plans">Plans</Link> page, after any promo code.</li>
              <li>Your first paid plan starts with a {TRIAL_DAYS}-day free trial. Your card is checked when you subscribe and first charged when the trial ends.</li>
              <li>A paid plan renews at the end of each period on the card on file until you cancel. You can cancel at any time on your <Link to="/account">account</Link> page; the plan then runs to the end of the period you paid for and is not renewed.</li>
              <li>We do not refund part periods, except where the law requires it. If a renewal charge fails, the plan ends at the end of the paid period.</li>
              <li>We may change prices for future periods; we will tell you by email before a new price applies to you.</li>
            </ul>
          ),
        },
        { title: 'Your data and content', body: <p>The projections, edits, settings, player groups and lineups you save remain yours; you let us store and process them to run the service for you. How we handle personal data is in the <Link to="/privacy">Privacy Policy</Link>.</p> },
        { title: 'Our data and software', body: <p>Projections, ownership, props and analysis shown on the site are for your personal use in your own contests. You may export lineups and projections for that use; you may not republish or sell them.</p> },
        { title: 'Availability and changes', body: <p>We work to keep the site running, especially before contest lock, but we cannot promise it will always be available or free of errors. We may change or retire features; if a change removes a feature of a paid plan you are on, you may cancel and we will refund the unused part of the period.</p> },
        { title: 'Liability', body: <p>To the extent the law allows, our liability for any claim about the service is limited to the amount you paid us in the twelve months before the claim. We are not liable for contest losses, lost winnings or entries made with lineups built on the site.</p> },
        { title: 'Ending your use', body: <p>You can stop using Stacksmith and ask us to delete your account at any time. We may suspend accounts that break these terms, after telling you why where we can.</p> },
        { title: 'Contact', body: <p>Questions about these terms: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.</p> },
      ]}
    />
  );
}
