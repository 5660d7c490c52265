"use client";

// Throwaway visual check of the UI kit: every component, side by side in light and dark.

import * as React from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { Bell, Menu, MessageCircle, MoreHorizontal, Plus, Settings, Trash2, Volume2 } from "lucide-react";

import { ThemeProvider, ThemeToggle } from "@/components/theme";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Separator } from "@/components/ui/separator";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { Slider } from "@/components/ui/slider";
import { Switch } from "@/components/ui/switch";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "@/components/ui/tooltip";

const schema = z.object({
  name: z.string().min(2, "Name must have at least 2 characters"),
  email: z.email("Enter a valid e-mail"),
});

function DemoForm() {
  const form = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: "", email: "" },
  });
  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit((values) => toast({ title: "Saved", description: values.email, variant: "success" }))}
      >
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Name</FormLabel>
              <FormControl>
                <Input placeholder="Ana Souza" {...field} />
              </FormControl>
              <FormDescription>Shown to customers.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>E-mail</FormLabel>
              <FormControl>
                <Input type="email" placeholder="ana@example.com" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="justify-self-start" data-testid="form-submit">
          Submit
        </Button>
      </form>
    </Form>
  );
}

function Showcase({ id }: { id: string }) {
  const [volume, setVolume] = React.useState([0.6]);
  const [showArchived, setShowArchived] = React.useState(true);

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Buttons &amp; badges</CardTitle>
          <CardDescription>All variants and sizes.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <Button>Default</Button>
            <Button variant="destructive">
              <Trash2 /> Delete
            </Button>
            <Button variant="outline">Outline</Button>
            <Button variant="secondary">Secondary</Button>
            <Button variant="ghost">Ghost</Button>
            <Button variant="link">Link</Button>
            <Button disabled>Disabled</Button>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button size="sm">
              <Plus /> Small
            </Button>
            <Button size="lg">Large</Button>
            <Button size="icon" variant="outline" aria-label="Settings">
              <Settings />
            </Button>
            <Button asChild variant="secondary">
              <a href="#top">As link</a>
            </Button>
            <ThemeToggle aria-label="Toggle theme" data-testid={`theme-toggle-${id}`} />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Badge>Default</Badge>
            <Badge variant="secondary">Secondary</Badge>
            <Badge variant="destructive">Destructive</Badge>
            <Badge variant="outline">Outline</Badge>
            <Badge variant="success">Online</Badge>
            <Badge variant="warning">Pending</Badge>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Inputs</CardTitle>
          <CardDescription>Input, textarea, select, switch, slider.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-search`}>Search</Label>
            <Input id={`${id}-search`} placeholder="Search conversations…" />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-invalid`}>Invalid</Label>
            <Input id={`${id}-invalid`} aria-invalid defaultValue="bad value" />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-msg`}>Message</Label>
            <Textarea id={`${id}-msg`} placeholder="Type a reply…" />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-dept`}>Department</Label>
            <Select defaultValue="sales">
              <SelectTrigger id={`${id}-dept`} data-testid={`select-${id}`}>
                <SelectValue placeholder="Choose…" />
              </SelectTrigger>
              <SelectContent>
                <SelectGroup>
                  <SelectLabel>Departments</SelectLabel>
                  <SelectItem value="sales">Sales</SelectItem>
                  <SelectItem value="support">Support</SelectItem>
                  <SelectItem value="billing">Billing</SelectItem>
                  <SelectItem value="off" disabled>
                    Closed (disabled)
                  </SelectItem>
                </SelectGroup>
              </SelectContent>
            </Select>
          </div>
          <div className="flex items-center gap-3">
            <Switch id={`${id}-notif`} defaultChecked />
            <Label htmlFor={`${id}-notif`}>Sound notifications</Label>
            <Switch aria-label="Off example" />
            <Switch aria-label="Disabled example" disabled />
          </div>
          <div className="flex items-center gap-3">
            <Volume2 className="size-4 text-muted-foreground" aria-hidden />
            <Slider value={volume} onValueChange={setVolume} min={0} max={1} step={0.05} thumbLabels={["Volume"]} />
            <span className="w-10 text-right text-sm tabular-nums">{Math.round((volume[0] ?? 0) * 100)}%</span>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Overlays</CardTitle>
          <CardDescription>Dialog, sheet, dropdown, popover, tooltip, toast.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Dialog>
            <DialogTrigger asChild>
              <Button variant="outline" data-testid={`dialog-${id}`}>
                Open dialog
              </Button>
            </DialogTrigger>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>Close conversation?</DialogTitle>
                <DialogDescription>The customer will receive the satisfaction survey.</DialogDescription>
              </DialogHeader>
              <Input aria-label="Note" placeholder="Internal note (optional)" />
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline">Cancel</Button>
                </DialogClose>
                <Button>Close conversation</Button>
              </DialogFooter>
            </DialogContent>
          </Dialog>

          <Sheet>
            <SheetTrigger asChild>
              <Button variant="outline" size="icon" aria-label="Open menu" data-testid={`sheet-${id}`}>
                <Menu />
              </Button>
            </SheetTrigger>
            <SheetContent side="left" className="bg-sidebar text-sidebar-foreground">
              <SheetHeader>
                <SheetTitle>Atendimento</SheetTitle>
                <SheetDescription>Navigation</SheetDescription>
              </SheetHeader>
              <nav className="grid gap-1 px-2">
                {["Conversations", "Contacts", "Reports", "Settings"].map((item, i) => (
                  <a
                    key={item}
                    href="#top"
                    className={
                      i === 0
                        ? "rounded-md bg-sidebar-accent px-3 py-2 text-sm font-medium text-sidebar-accent-foreground"
                        : "rounded-md px-3 py-2 text-sm hover:bg-sidebar-accent"
                    }
                  >
                    {item}
                  </a>
                ))}
              </nav>
            </SheetContent>
          </Sheet>

          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" size="icon" aria-label="More actions" data-testid={`menu-${id}`}>
                <MoreHorizontal />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start" className="w-52">
              <DropdownMenuLabel>Conversation</DropdownMenuLabel>
              <DropdownMenuSeparator />
              <DropdownMenuItem>
                <MessageCircle /> Reply <DropdownMenuShortcut>⌘R</DropdownMenuShortcut>
              </DropdownMenuItem>
              <DropdownMenuItem>
                <Bell /> Mute
              </DropdownMenuItem>
              <DropdownMenuCheckboxItem checked={showArchived} onCheckedChange={(v) => setShowArchived(v === true)}>
                Show archived
              </DropdownMenuCheckboxItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem variant="destructive">
                <Trash2 /> Delete
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>

          <Popover>
            <PopoverTrigger asChild>
              <Button variant="outline" data-testid={`popover-${id}`}>
                Popover
              </Button>
            </PopoverTrigger>
            <PopoverContent>
              <p className="text-sm font-medium">Quick reply</p>
              <p className="mt-1 text-sm text-muted-foreground">Hello! How can we help you today?</p>
            </PopoverContent>
          </Popover>

          <Tooltip>
            <TooltipTrigger asChild>
              <Button variant="ghost" data-testid={`tooltip-${id}`}>
                Hover me
              </Button>
            </TooltipTrigger>
            <TooltipContent>Assign to me</TooltipContent>
          </Tooltip>

          <Button
            variant="secondary"
            data-testid={`toast-${id}`}
            onClick={() => {
              toast({ title: "Message sent", description: "Delivered to +55 11 91234-5678", variant: "success" });
              toast({ title: "Connection lost", description: "Reconnecting to WhatsApp…", variant: "error" });
              toast({ title: "Queue almost full", variant: "warning" });
              toast({ title: "New version available", variant: "info" });
              toast({ description: "A plain default toast." });
            }}
          >
            Toasts
          </Button>
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="border-b">
          <CardTitle>Tabs &amp; table</CardTitle>
          <CardDescription>With avatars and a separator.</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs defaultValue="open">
            <TabsList>
              <TabsTrigger value="open">Open</TabsTrigger>
              <TabsTrigger value="pending">Pending</TabsTrigger>
              <TabsTrigger value="closed">Closed</TabsTrigger>
            </TabsList>
            <TabsContent value="open">
              <Table>
                <TableCaption>3 open conversations</TableCaption>
                <TableHeader>
                  <TableRow>
                    <TableHead>Contact</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead className="text-right">Waiting</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {[
                    { n: "Ana Souza", s: "success", l: "Active", w: "2 min" },
                    { n: "Bruno Lima", s: "warning", l: "Waiting", w: "14 min" },
                    { n: "Carla Dias", s: "secondary", l: "Bot", w: "—" },
                  ].map((r) => (
                    <TableRow key={r.n}>
                      <TableCell>
                        <div className="flex items-center gap-2">
                          <Avatar>
                            <AvatarImage src="/does-not-exist.png" alt="" />
                            <AvatarFallback>
                              {r.n
                                .split(" ")
                                .map((p) => p[0])
                                .join("")}
                            </AvatarFallback>
                          </Avatar>
                          {r.n}
                        </div>
                      </TableCell>
                      <TableCell>
                        <Badge variant={r.s as "success" | "warning" | "secondary"}>{r.l}</Badge>
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{r.w}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TabsContent>
            <TabsContent value="pending" className="py-4 text-sm text-muted-foreground">
              Nothing pending.
            </TabsContent>
            <TabsContent value="closed" className="py-4 text-sm text-muted-foreground">
              Nothing closed.
            </TabsContent>
          </Tabs>
          <Separator className="my-4" />
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <div className="grid flex-1 gap-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </div>
        </CardContent>
        <CardFooter className="justify-between border-t">
          <span className="text-sm text-muted-foreground">Card footer</span>
          <Button size="sm">Action</Button>
        </CardFooter>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Form</CardTitle>
          <CardDescription>react-hook-form + zod; submit empty to see errors.</CardDescription>
        </CardHeader>
        <CardContent>
          <DemoForm />
        </CardContent>
      </Card>
    </div>
  );
}

export default function UiPreviewPage() {
  // Needs the root layout to mount <Toaster /> (and ideally <ThemeScript />); ThemeProvider is repeated here so the
  // page also works standalone (nesting it is harmless: all instances share one store).
  return (
    <ThemeProvider>
      <TooltipProvider>
        <div id="top" className="grid min-h-dvh md:grid-cols-2">
          <section className="bg-background p-6 text-foreground" aria-label="Light">
            <h1 className="mb-6 text-xl font-semibold">Light</h1>
            <Showcase id="light" />
          </section>
          <section className="dark bg-background p-6 text-foreground" aria-label="Dark">
            <h1 className="mb-6 text-xl font-semibold">Dark</h1>
            <Showcase id="dark" />
          </section>
        </div>
      </TooltipProvider>
    </ThemeProvider>
  );
}
