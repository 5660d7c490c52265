"use client";

import { useTranslations } from "next-intl";
import type { UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/utils";
import { COUNTRIES, type CheckoutAddress, type CheckoutAddressInput } from "@/lib/subscription/schemas";

type TextField = "firstName" | "lastName" | "address2" | "city" | "state" | "zipcode";

type Props = {
  form: UseFormReturn<CheckoutAddressInput, unknown, CheckoutAddress>;
  onNext: (values: CheckoutAddress) => void;
  onCancel: () => void;
};

/** Checkout step 1 (Dados): the billing address, validated with the spec's messages. */
export function AddressStep({ form, onNext, onCancel }: Props) {
  const t = useTranslations("billing.checkout");
  const text = (name: TextField, opts: { required?: boolean; autoComplete: string; className?: string; max: number }) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem className={cn("content-start", opts.className)}>
          <FormLabel>
            {t(`fields.${name}`)}
            {opts.required && <span aria-hidden className="-ml-1.5 text-destructive">*</span>}
          </FormLabel>
          <FormControl>
            <Input {...field} value={field.value ?? ""} autoComplete={opts.autoComplete} maxLength={opts.max} data-testid={`checkout-${name}`} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onNext)} noValidate className="space-y-5" data-testid="checkout-address">
        <div className="grid gap-4 sm:grid-cols-2">
          {text("firstName", { required: true, autoComplete: "given-name", max: 100 })}
          {text("lastName", { autoComplete: "family-name", max: 100 })}
          {text("address2", { required: true, autoComplete: "street-address", className: "sm:col-span-2", max: 200 })}
          {text("city", { required: true, autoComplete: "address-level2", max: 100 })}
          {text("state", { autoComplete: "address-level1", max: 100 })}
          {text("zipcode", { required: true, autoComplete: "postal-code", max: 20 })}
          <FormField
            control={form.control}
            name="country"
            render={({ field }) => (
              <FormItem className="content-start">
                <FormLabel>
                  {t("fields.country")}
                  <span aria-hidden className="-ml-1.5 text-destructive">*</span>
                </FormLabel>
                <Select value={typeof field.value === "string" ? field.value : ""} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger onBlur={field.onBlur} data-testid="checkout-country">
                      <SelectValue placeholder={t("fields.countryPlaceholder")} />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {COUNTRIES.map((c) => (
                      <SelectItem key={c.code} value={c.code} data-testid={`country-${c.code}`}>
                        {c.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <FormField
          control={form.control}
          name="useAddressForPaymentDetails"
          render={({ field }) => (
            <FormItem className="flex flex-row items-center justify-between gap-4 rounded-lg border p-3">
              <FormLabel className="font-normal">{t("fields.useAddressForPaymentDetails")}</FormLabel>
              <FormControl>
                <Switch checked={Boolean(field.value)} onCheckedChange={field.onChange} data-testid="checkout-use-address" />
              </FormControl>
            </FormItem>
          )}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel}>
            {t("cancel")}
          </Button>
          <Button type="submit" data-testid="checkout-next">
            {t("next")}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
