import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { api, unwrap } from '../../api/client';
import { settingsInPage } from '../../api/settings-in-page';
import { useDocumentTitle } from '../../app/use-document-title';
import { withQueryClient } from '../../app/with-query-client';
import { SupportContactForm } from './support-contact-form';

const FAQS = [
  {
    question: 'Can I skip, pause or cancel my pasta plan?',
    answer:
      'Yes, anytime before the weekly cut-off (Friday 12:00). Go to My account, then Pasta plan.',
  },
  {
    question: 'How long do the dishes keep?',
    answer:
      'Our fresh pasta keeps in the fridge until the date on the pack, and you can freeze dishes for up to 1 month.',
  },
  {
    question: 'When will my takeaway arrive?',
    answer:
      'Usually within 15 to 30 minutes of the kitchen accepting it. You can follow your order live from the link we send.',
  },
  {
    question: 'I forgot my password',
    answer: 'Use “Forgotten your password?” on the sign-in page and we will email you a link.',
  },
];

function SupportPage() {
  useDocumentTitle('Help and support');
  const settings = useQuery({
    queryKey: ['settings'],
    queryFn: async () => (await unwrap(api.GET('/settings'))).data.attributes,
    initialData: settingsInPage,
  });
  const phone = settings.data?.support_phone;
  return (
    <div className="page narrow">
      <h1>Help and support</h1>
      <h2>Talk to us</h2>
      <p>
        Call us{phone ? ' on ' : ''}
        {phone && <a href={`tel:${phone.replace(/\s/g, '')}`}>{phone}</a>}, Monday to Saturday, 9am
        to 9pm, or email <a href="mailto:ciao@sfoglia.test">ciao@sfoglia.test</a>.
      </p>
      <SupportContactForm />
      <h2>Common questions</h2>
      {FAQS.map((faq) => (
        <details key={faq.question} className="faq">
          <summary>{faq.question}</summary>
          <p>{faq.answer}</p>
        </details>
      ))}
      <p>
        Looking for a restaurant? <Link to="/restaurants">See all our restaurants</Link>.
      </p>
    </div>
  );
}

export default withQueryClient(SupportPage);
