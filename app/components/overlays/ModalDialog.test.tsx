import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ModalDialog } from "./ModalDialog";

const render = (dialog: React.ReactNode) =>
  renderToStaticMarkup(<MemoryRouter>{dialog}</MemoryRouter>);

describe("the modal dialog as the server renders it", () => {
  it("is open, named by its title, and closes by a link that works without JavaScript", () => {
    const html = render(
      <ModalDialog title="Sign in" eyebrow="Welcome back" close={{ href: "/our-story" }}>
        <p>form</p>
      </ModalDialog>,
    );
    const titleId = html.match(/aria-labelledby="([^"]+)"/)?.[1];
    expect(html).toMatch(/role="dialog" aria-modal="true"/);
    expect(html).toMatch(new RegExp(`<h2 id="${titleId}"[^>]*>Sign in</h2>`));
    expect(html).toContain('<p class="eyebrow">Welcome back</p>');
    const closeLink = html.match(/<a [^>]*>/)?.[0];
    expect(closeLink).toContain('aria-label="Close"');
    expect(closeLink).toContain('href="/our-story"');
  });

  it("offers a close button when the page closes it itself", () => {
    const html = render(
      <ModalDialog title="Confirm it's you" close={{ onClose: () => {} }}>
        <p>form</p>
      </ModalDialog>,
    );
    expect(html).toMatch(/<button type="button" aria-label="Close"/);
  });

  it("has no way to close when it has no close, and takes its name from its content", () => {
    const html = render(
      <ModalDialog labelledBy="access-beta-title" describedBy="access-beta-body">
        <h2 id="access-beta-title">We are available privately</h2>
        <p id="access-beta-body">Our shop is open to holders of an early-access code.</p>
      </ModalDialog>,
    );
    expect(html).toMatch(
      /role="dialog" aria-modal="true" aria-labelledby="access-beta-title" aria-describedby="access-beta-body"/,
    );
    expect(html).not.toContain("Close");
    expect(html).not.toMatch(/<a /);
    expect(html).not.toMatch(/<button/);
  });
});
