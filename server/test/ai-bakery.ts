/**
 * A `SiteCapture` of the bakery website fixture (server/test/fixtures/website), written by hand the way
 * the parser (ai.page.ts / ai.site.ts) reads those pages: the start page with its main navigation (5
 * relative links made absolute), the "Order online" link of the main content, the footer links
 * (Instagram, privacy; mailto dropped), and the five navigation pages. Generator tests use it so they do
 * not depend on the fetcher (issue 16, helper C); the pipeline tests use the real fetcher instead.
 */
import type { PageLink, ParsedPage, SiteCapture } from '../src/modules/ai/ai.types';

const page = (origin: string, p: Partial<ParsedPage> & { path: string }): ParsedPage => ({
  url: new URL(p.path, origin).href,
  title: p.title ?? '',
  siteName: p.siteName ?? 'Aurora Bakery',
  description: p.description ?? '',
  lang: p.lang ?? 'en',
  headings: p.headings ?? [],
  mainText: p.mainText ?? (p.paragraphs ?? []).join(' '),
  paragraphs: p.paragraphs ?? [],
  links: p.links ?? [],
});

/** The bakery fixture as parsed pages; `origin` is where startWebsite() serves it. */
export function bakeryCapture(origin = 'http://127.0.0.1:4173'): SiteCapture {
  const abs = (path: string) => new URL(path, `${origin}/`).href;
  const link = (path: string, text: string, area: PageLink['area'], internal = true): PageLink => ({ url: internal ? abs(path) : path, text, area, internal });
  const navLinks = [
    link('/', 'Aurora Bakery', 'nav'),
    link('products.html', 'Our breads', 'nav'),
    link('./catering/', 'Catering', 'nav'),
    link('/about.html', 'About us', 'nav'),
    link('pricing.html', 'Prices', 'nav'),
    link('/contact.html', 'Contact', 'nav'),
  ];
  const indexParagraphs = [
    'Aurora Bakery is a family bakery in Kallio, Helsinki. Since 2012 we have baked organic sourdough bread, cardamom buns and cakes by hand, with flour milled at a small farm in Häme.',
    'Every loaf rises for at least 24 hours. That long fermentation gives our rye and wheat sourdough their deep flavour and makes them easy to digest.',
    'Order before 18:00 and pick up your bread the next morning from 7:00, or have it delivered anywhere in Helsinki, Espoo and Vantaa. Companies can order breakfast and coffee bread for meetings through our catering service.',
    'Order online',
    'Birthdays, weddings and graduation parties: our pastry chefs design cakes with seasonal berries from Finnish farms. Tell us the date and the number of guests and we will suggest a cake.',
    'We bake gluten-free and vegan breads and cakes in a separate kitchen so that everyone at the table can enjoy them.',
  ];
  const start = page(origin, {
    path: '/',
    title: 'Aurora Bakery | Sourdough and pastries baked in Helsinki',
    description:
      'Aurora Bakery bakes organic sourdough bread, cardamom buns and celebration cakes every morning in Kallio, Helsinki. Order online for pickup or delivery.',
    headings: [
      { level: 1, text: 'Fresh sourdough every morning' },
      { level: 2, text: 'Order for pickup or delivery' },
      { level: 2, text: 'Celebration cakes' },
      { level: 3, text: 'Gluten-free and vegan options' },
    ],
    paragraphs: indexParagraphs,
    links: [
      ...navLinks,
      link('/order.html', 'Order online', 'main'),
      link('https://www.instagram.com/aurorabakery', 'Instagram', 'footer', false),
      link('/privacy.html', 'Privacy policy', 'footer'),
    ],
  });
  const pages = [
    page(origin, {
      path: '/products.html',
      title: 'Our breads | Aurora Bakery',
      description: 'Rye sourdough, wheat sourdough, seeded loaves and cardamom buns, baked daily.',
      headings: [
        { level: 1, text: 'Our breads' },
        { level: 2, text: 'Rye sourdough' },
        { level: 2, text: 'Wheat sourdough' },
        { level: 2, text: 'Cardamom buns' },
      ],
      paragraphs: [
        'Our signature dark rye loaf, fermented for 36 hours with a starter we have kept alive since 2012.',
        'A crusty country loaf with an open crumb, perfect for breakfast.',
        'The Finnish classic, twisted by hand and baked every hour on weekends.',
        'Order your bread',
      ],
    }),
    page(origin, {
      path: '/catering/',
      title: 'Catering for companies | Aurora Bakery',
      description: 'Breakfast, coffee bread and sandwiches for meetings and events in the Helsinki area.',
      headings: [{ level: 1, text: 'Catering for meetings and events' }],
      paragraphs: [
        'We deliver breakfast, sandwiches and coffee bread to offices in Helsinki, Espoo and Vantaa from 7:30 on weekdays. Orders for 10 to 300 people.',
        'Ask for an offer',
      ],
    }),
    page(origin, {
      path: '/about.html',
      title: 'About us | Aurora Bakery',
      headings: [{ level: 1, text: 'A family bakery since 2012' }],
      paragraphs: [
        'Aino and Mikko Virtanen opened Aurora Bakery in a former print shop in Kallio. Today twelve bakers and pastry chefs work in our two kitchens.',
      ],
    }),
    page(origin, {
      path: '/pricing.html',
      title: 'Prices | Aurora Bakery',
      headings: [{ level: 1, text: 'Prices' }],
      paragraphs: ['Rye sourdough 6.50 €, wheat sourdough 7.00 €, cardamom bun 3.20 €. Delivery 9.90 €, free for orders over 60 €.'],
    }),
    page(origin, {
      path: '/contact.html',
      title: 'Contact | Aurora Bakery',
      headings: [{ level: 1, text: 'Contact us' }],
      paragraphs: [
        'Call +358 40 123 4567 or write to hello@aurorabakery.fi. The shop at Helsinginkatu 12 is open Mon–Fri 7–18, Sat–Sun 8–16.',
      ],
    }),
  ];
  return { start, pages };
}
