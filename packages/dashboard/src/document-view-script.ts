/**
 * The document view's script, served at /assets/document-view.js (the CSP allows only same-origin
 * scripts): hovering or focusing a field highlights its span, clicking it (or Enter / Space) keeps
 * it highlighted and scrolls the document to it; hovering a span highlights its fields. Each view
 * on a page (a PDF's pages) works on its own. It only adds and removes classes; it never writes markup.
 */
export const DOCUMENT_VIEW_JS = `document.querySelectorAll('.docview').forEach((view) => {
  let pinned = null;
  const clear = () =>
    view.querySelectorAll('.active').forEach((element) => element.classList.remove('active'));
  const show = (field) => {
    clear();
    if (field === null) return;
    view.querySelector('li.field[data-field="' + field + '"]')?.classList.add('active');
    view.querySelectorAll('mark[data-fields~="' + field + '"]').forEach((mark) => mark.classList.add('active'));
  };
  const fieldOf = (target) => (target instanceof Element ? target.closest('li.field[tabindex]') : null);
  const pin = (item) => {
    pinned = item.dataset.field;
    show(pinned);
    view.querySelector('mark[data-fields~="' + pinned + '"]')?.scrollIntoView({ block: 'center' });
  };
  view.addEventListener('mouseover', (event) => {
    const item = fieldOf(event.target);
    if (item) return show(item.dataset.field);
    const mark = event.target instanceof Element ? event.target.closest('mark[data-fields]') : null;
    if (!mark) return;
    clear();
    mark.classList.add('active');
    for (const field of mark.dataset.fields.split(' '))
      view.querySelector('li.field[data-field="' + field + '"]')?.classList.add('active');
  });
  view.addEventListener('mouseout', () => show(pinned));
  view.addEventListener('focusin', (event) => {
    const item = fieldOf(event.target);
    if (item) show(item.dataset.field);
  });
  view.addEventListener('click', (event) => {
    const item = fieldOf(event.target);
    if (item) pin(item);
  });
  view.addEventListener('keydown', (event) => {
    const item = fieldOf(event.target);
    if (item && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      pin(item);
    }
  });
});
`;
