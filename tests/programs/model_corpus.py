"""Model programs as tutorials and PyTorch's documentation write them (issue "Models in
programs"): nn.Module subclasses, nn.Sequential, initialisation under manual_seed, training
loops with torch.optim, train() and eval(), print(model), and the errors people meet.
scripts/gen_golden_models.py runs each in PyTorch; tests/unit/program/test_program_models.cpp
runs each in Whence and compares."""

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"

PROGRAMS = [
    # 1. the classic two-layer net trained by SGD with momentum
    HEAD + """torch.manual_seed(0)
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 8)
        self.fc2 = nn.Linear(8, 3)

    def forward(self, x):
        x = F.relu(self.fc1(x))
        return self.fc2(x)

net = Net()
print(net)
opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
x = torch.randn(5, 4)
y = torch.tensor([0, 1, 2, 0, 1])
for step in range(4):
    opt.zero_grad()
    loss = F.cross_entropy(net(x), y)
    loss.backward()
    opt.step()
    print(f"step {step}: loss {loss.item():.6f}")
w1 = net.fc1.weight.detach()
b2 = net.fc2.bias.detach()
""",
    # 2. Sequential, Adam, MSE regression
    HEAD + """torch.manual_seed(1)
model = nn.Sequential(nn.Linear(3, 6), nn.Tanh(), nn.Linear(6, 1))
print(model)
opt = torch.optim.Adam(model.parameters(), lr=0.01)
x = torch.randn(8, 3)
y = x.sum(1, keepdim=True)
loss_fn = nn.MSELoss()
for epoch in range(5):
    pred = model(x)
    loss = loss_fn(pred, y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(epoch, round(loss.item(), 5))
w = model[0].weight.detach()
last = model[2].bias.detach()
""",
    # 3. AdamW with weight decay
    HEAD + """torch.manual_seed(2)
lin = nn.Linear(4, 2)
opt = torch.optim.AdamW(lin.parameters(), lr=0.05, weight_decay=0.1)
x = torch.randn(6, 4)
t = torch.randn(6, 2)
for i in range(3):
    opt.zero_grad()
    loss = ((lin(x) - t) ** 2).mean()
    loss.backward()
    opt.step()
w = lin.weight.detach()
b = lin.bias.detach()
""",
    # 4. counting parameters and naming them
    HEAD + """torch.manual_seed(3)
model = nn.Sequential(nn.Linear(10, 20), nn.ReLU(), nn.Linear(20, 5))
total = sum(p.numel() for p in model.parameters())
trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
names = [name for name, p in model.named_parameters()]
shapes = [tuple(p.shape) for p in model.parameters()]
print(total, trainable)
print(names)
print(list(model.state_dict().keys()))
""",
    # 5. gradients accumulate without zero_grad
    HEAD + """torch.manual_seed(4)
lin = nn.Linear(2, 1)
x = torch.tensor([[1.0, 2.0]])
lin(x).sum().backward()
g1 = lin.weight.grad.clone()
lin(x).sum().backward()
g2 = lin.weight.grad.clone()
lin.zero_grad()
print(g1, g2, lin.weight.grad)
""",
    # 6. dropout in train and eval mode
    HEAD + """torch.manual_seed(5)
drop = nn.Dropout(p=0.5)
x = torch.ones(2, 6)
train_out = drop(x)
drop.eval()
eval_out = drop(x)
print(drop.training, drop)
""",
    # 7. a CNN on a tiny image
    HEAD + """torch.manual_seed(6)
class CNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, kernel_size=3, padding=1)
        self.pool = nn.MaxPool2d(2)
        self.fc = nn.Linear(2 * 2 * 2, 3)

    def forward(self, x):
        x = self.pool(F.relu(self.conv(x)))
        x = torch.flatten(x, 1)
        return self.fc(x)

net = CNN()
print(net)
img = torch.randn(2, 1, 4, 4)
out = net(img)
out.sum().backward()
conv_grad = net.conv.weight.grad
""",
    # 8. embedding and linear, a bag of words
    HEAD + """torch.manual_seed(7)
class Bag(nn.Module):
    def __init__(self, vocab, dim, classes):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.out = nn.Linear(dim, classes)

    def forward(self, tokens):
        return self.out(self.emb(tokens).mean(1))

m = Bag(10, 4, 2)
tokens = torch.tensor([[1, 2, 3], [4, 5, 6]])
logits = m(tokens)
emb = m.emb.weight.detach()
print(m)
""",
    # 9. LayerNorm, GELU and a residual block
    HEAD + """torch.manual_seed(8)
class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))

    def forward(self, x):
        return x + self.ff(self.norm(x))

blk = Block(4)
x = torch.randn(3, 4)
y = blk(x)
print(blk)
""",
    # 10. BatchNorm in training and eval
    HEAD + """torch.manual_seed(9)
bn = nn.BatchNorm1d(3)
x = torch.randn(6, 3) * 2 + 1
out = bn(x)
rm = bn.running_mean.clone()
rv = bn.running_var.clone()
n = bn.num_batches_tracked.item()
bn.eval()
out_eval = bn(x)
print(bn)
""",
    # 11. ModuleList in a loop
    HEAD + """torch.manual_seed(10)
class Deep(nn.Module):
    def __init__(self, sizes):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(a, b) for a, b in zip(sizes, sizes[1:])])

    def forward(self, x):
        for i, layer in enumerate(self.layers):
            x = layer(x)
            if i < len(self.layers) - 1:
                x = torch.relu(x)
        return x

deep = Deep([3, 5, 4, 2])
out = deep(torch.randn(2, 3))
print(len(deep.layers), deep)
""",
    # 12. a shape error inside a Sequential: PyTorch's words at the line that called it
    HEAD + """torch.manual_seed(11)
model = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(4, 2))
x = torch.randn(2, 4)
y = model(x)
""",
    # 13. forgetting super().__init__()
    HEAD + """class Bad(nn.Module):
    def __init__(self):
        self.fc = nn.Linear(2, 2)

b = Bad()
""",
    # 14. init functions
    HEAD + """torch.manual_seed(12)
w = torch.empty(3, 5)
nn.init.xavier_uniform_(w)
v = torch.empty(4, 2)
nn.init.kaiming_normal_(v, mode='fan_out', nonlinearity='relu')
z = torch.empty(2, 2)
nn.init.constant_(z, 0.5)
gain = nn.init.calculate_gain('leaky_relu', 0.2)
""",
    # 15. binary classification with BCEWithLogitsLoss and SGD weight decay
    HEAD + """torch.manual_seed(13)
clf = nn.Linear(2, 1)
opt = torch.optim.SGD(clf.parameters(), lr=0.5, weight_decay=0.01)
x = torch.randn(10, 2)
y = (x[:, 0] > 0).float().unsqueeze(1)
loss_fn = nn.BCEWithLogitsLoss()
losses = []
for _ in range(6):
    opt.zero_grad()
    loss = loss_fn(clf(x), y)
    loss.backward()
    opt.step()
    losses.append(round(loss.item(), 4))
print(losses)
w = clf.weight.detach()
""",
    # 16. a no_grad update by hand
    HEAD + """torch.manual_seed(14)
lin = nn.Linear(3, 1)
x = torch.randn(4, 3)
y = torch.randn(4, 1)
for step in range(3):
    loss = F.mse_loss(lin(x), y)
    lin.zero_grad()
    loss.backward()
    with torch.no_grad():
        for p in lin.parameters():
            p -= 0.1 * p.grad
w = lin.weight.detach()
b = lin.bias.detach()
""",
    # 17. Nesterov momentum and a parameter group per layer
    HEAD + """torch.manual_seed(15)
a = nn.Linear(2, 2)
b = nn.Linear(2, 1)
opt = torch.optim.SGD([{'params': a.parameters()}, {'params': b.parameters(), 'lr': 0.01}],
                      lr=0.1, momentum=0.5, nesterov=True)
x = torch.randn(3, 2)
for i in range(3):
    opt.zero_grad()
    b(torch.sigmoid(a(x))).pow(2).sum().backward()
    opt.step()
wa = a.weight.detach()
wb = b.weight.detach()
print(len(opt.param_groups), opt.param_groups[1]['lr'])
""",
    # 18. CrossEntropyLoss with label smoothing and NLLLoss on log_softmax
    HEAD + """torch.manual_seed(16)
logits = torch.randn(4, 3, requires_grad=True)
target = torch.tensor([2, 0, 1, 1])
ce = nn.CrossEntropyLoss(label_smoothing=0.1)(logits, target)
nll = nn.NLLLoss()(F.log_softmax(logits, dim=1), target)
ce.backward()
g = logits.grad
print(nn.CrossEntropyLoss(), round(ce.item(), 5), round(nll.item(), 5))
""",
    # 19. Adam with amsgrad over a few steps
    HEAD + """torch.manual_seed(17)
p = nn.Parameter(torch.randn(3))
opt = torch.optim.Adam([p], lr=0.1, amsgrad=True)
for i in range(4):
    opt.zero_grad()
    loss = (p ** 2).sum() + p.sum()
    loss.backward()
    opt.step()
final = p.detach()
print(p)
""",
    # 20. the model's mode toggles recursively
    HEAD + """torch.manual_seed(18)
model = nn.Sequential(nn.Linear(2, 2), nn.Dropout(0.2), nn.Sequential(nn.BatchNorm1d(2), nn.ReLU()))
model.eval()
modes = [m.training for m in model.modules()]
model.train()
modes_after = [m.training for m in model.modules()]
print(modes, modes_after)
print(model)
""",
    # 21. an autoencoder with Sigmoid output and Flatten/Unflatten
    HEAD + """torch.manual_seed(19)
ae = nn.Sequential(nn.Flatten(), nn.Linear(4, 2), nn.ReLU(), nn.Linear(2, 4), nn.Sigmoid(), nn.Unflatten(1, (2, 2)))
x = torch.rand(3, 2, 2)
recon = ae(x)
loss = F.binary_cross_entropy(recon, x)
loss.backward()
print(ae, round(loss.item(), 5))
""",
    # 22. a function that builds a model, and a training helper with defaults
    HEAD + """torch.manual_seed(20)
def make_mlp(sizes, act=nn.ReLU):
    layers = []
    for i in range(len(sizes) - 1):
        layers.append(nn.Linear(sizes[i], sizes[i + 1]))
        if i < len(sizes) - 2:
            layers.append(act())
    return nn.Sequential(*layers)

def train(model, x, y, steps=3, lr=0.05):
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    history = []
    for _ in range(steps):
        opt.zero_grad()
        loss = F.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        history.append(loss.item())
    return history

mlp = make_mlp([2, 4, 1], act=nn.Tanh)
hist = train(mlp, torch.randn(5, 2), torch.randn(5, 1))
print(mlp)
print([f"{h:.4f}" for h in hist])
""",
    # 23. a missing attribute, named as PyTorch names it
    HEAD + """torch.manual_seed(21)
net = nn.Linear(2, 2)
print(net.weights)
""",
    # 24. ModuleDict and a conditional forward
    HEAD + """torch.manual_seed(22)
class Heads(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = nn.ModuleDict({'cls': nn.Linear(3, 2), 'reg': nn.Linear(3, 1)})

    def forward(self, x, task='cls'):
        return self.heads[task](x)

h = Heads()
x = torch.randn(2, 3)
c = h(x)
r = h(x, task='reg')
print(h)
""",
]
