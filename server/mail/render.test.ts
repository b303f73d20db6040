import { describe, expect, it } from "vitest";
import type { MailMessage } from "./messages.server";
import { renderMail } from "./render.server";

const brand = {
  name: "Troia Grove",
  supportEmail: "hello@troiagrove.com",
  publicUrl: "https://troiagrove.com",
};

const order = {
  template: "order-confirmation" as const,
  to: "ada@example.com",
  payload: {
    customerName: "Ada Lovelace",
    orderId: "7KQ2M9XW4H",
    trackUrl: "https://troiagrove.com/create-account?guestId=g_123",
    items: [
      { name: "Luxe 375 ml", quantity: 1, listTotalCents: 3300 },
      { name: "Private Reserve 375 ml", quantity: 1, listTotalCents: 4000 },
    ],
    hasLocalPickup: false,
    shippingCents: 1500,
    discountCents: 0,
    taxCents: 0,
    totalCents: 8800,
  },
} satisfies MailMessage;

describe("e-mail templates", () => {
  it("confirm an order with its lines, shipping, total and track link, without empty lines", async () => {
    const mail = await renderMail(brand, order);
    expect(mail.subject).toBe("Your Troia Grove order 7KQ2M9XW4H");
    expect(mail.text).toContain("Thank you for your order");
    expect(mail.text).toContain("1 × Luxe 375 ml");
    expect(mail.text).toContain("Standard shipping");
    expect(mail.text).toContain("$88");
    expect(mail.text).toContain("ships within 1 business day");
    expect(mail.text).not.toContain("Discount");
    expect(mail.text).not.toContain("Tax");
    expect(mail.html).toContain('href="https://troiagrove.com/create-account?guestId=g_123"');
  });

  it("show free shipping, a discount, tax and the pickup instructions when they apply", async () => {
    const mail = await renderMail(brand, {
      ...order,
      payload: {
        ...order.payload,
        hasLocalPickup: true,
        shippingCents: 0,
        discountCents: 730,
        taxCents: 112,
        totalCents: 6682,
      },
    });
    expect(mail.text).toContain("Free shipping");
    expect(mail.text).toContain("-$7.30");
    expect(mail.text).toContain("$1.12");
    expect(mail.text).toContain("Local pickup in Mountain View");
  });

  it.each<[MailMessage, string, string]>([
    [
      {
        template: "new-account",
        to: "a@example.com",
        payload: { customerName: "Ada Lovelace", customerFirstName: "Ada" },
      },
      "Welcome to Troia Grove",
      "Welcome, Ada",
    ],
    [
      {
        template: "membership-cancelled",
        to: "a@example.com",
        payload: {
          customerName: "Ada Lovelace",
          customerFirstName: "Ada",
          membershipName: "Refined Palate",
        },
      },
      "Your Troia Grove membership is cancelled",
      "Your Refined Palate membership is cancelled",
    ],
    [
      {
        template: "password-reset",
        to: "a@example.com",
        payload: {
          customerFirstName: "Ada",
          resetUrl: "https://troiagrove.com/reset?token=t",
          expiresInMinutes: 60,
        },
      },
      "Reset your Troia Grove password",
      "works for 60 minutes",
    ],
    [
      {
        template: "email-verification",
        to: "a@example.com",
        payload: {
          customerFirstName: "Ada",
          verifyUrl: "https://troiagrove.com/verify-email?token=t",
          expiresInHours: 24,
        },
      },
      "Verify your e-mail address for Troia Grove",
      "works for 24 hours",
    ],
    [
      {
        template: "order-shipped",
        to: "a@example.com",
        payload: { customerName: "Ada", orderId: "ABC", trackingUrl: "https://track.example/1" },
      },
      "Your Troia Grove order ABC is on its way",
      "order ABC has left the grove",
    ],
    [
      {
        template: "order-ready-for-pickup",
        to: "a@example.com",
        payload: {
          customerName: "Ada",
          orderId: "ABC",
          trackUrl: "https://troiagrove.com/account",
        },
      },
      "Your Troia Grove order ABC is ready for pickup",
      "order ABC is waiting for you",
    ],
    [
      {
        template: "order-refunded",
        to: "a@example.com",
        payload: { customerName: "Ada", orderId: "ABC", amountCents: 4250 },
      },
      "Your Troia Grove refund for order ABC",
      "we refunded $42.50",
    ],
    [
      {
        template: "order-refunded",
        to: "a@example.com",
        payload: { customerName: "Ada", orderId: "ABC", amountCents: 4250, cancelled: true },
      },
      "Your Troia Grove order ABC was cancelled",
      "we cancelled order ABC and refunded $42.50",
    ],
    [
      {
        template: "return-approved",
        to: "a@example.com",
        payload: { customerName: "Ada", orderId: "ABC", labelUrl: "https://labels.example/1" },
      },
      "Your return label for Troia Grove order ABC",
      "we approved the return of order ABC",
    ],
    [
      {
        template: "return-declined",
        to: "a@example.com",
        payload: { customerName: "Ada", orderId: "ABC", message: "Opened bottles stay" },
      },
      "About your return of Troia Grove order ABC",
      "Opened bottles stay",
    ],
    [
      {
        template: "staff-invitation",
        to: "clerk@example.com",
        payload: {
          invitedByName: "Shop Owner",
          acceptUrl: "https://troiagrove.com/staff-invitation/t",
          expiresInDays: 7,
        },
      },
      "You're invited to the Troia Grove back office",
      "The link works for 7 days",
    ],
    [
      {
        template: "membership-terms-reminder",
        to: "a@example.com",
        payload: {
          customerFirstName: "Ada",
          membershipName: "Everyday Luxury",
          ships: "1 × 2 Luxe (375 ml) every month",
          amountCents: 5400,
          memberSince: "11/22/2026",
          billingDay: 22,
          termsVersion: "2026-11",
          agreedOn: "11/22/2026",
        },
      },
      "Your Everyday Luxury membership: a yearly reminder of its terms",
      "you accepted the membership terms (version 2026-11) on 11/22/2026",
    ],
  ])("render %#: subject and body", async (message, subject, phrase) => {
    const mail = await renderMail(brand, message);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(phrase);
    expect(mail.html).toContain("<html");
    expect(mail.text).toContain("hello@troiagrove.com");
  });
});
